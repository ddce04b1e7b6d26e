// The load worker's life cycle: connect its share, report ready, run the closed model from t0, ship each second, end.
import type { WorkloadId } from '../../shared/types.ts';
import { streamFor } from '../datagen/prng.ts';
import { describeLdapFailure } from '../ldap/failure.ts';
import { ConnectOpenAborted, openSlots } from './connectionSlot.ts';
import type { ConnectionSlot } from './connectionSlot.ts';
import { dnPicker } from './dnSource.ts';
import { IntervalRecorder } from './intervalRecorder.ts';
import type { LoadControl, WorkloadLoop } from './loadControl.ts';
import type { ParentPort } from './port.ts';
import type { ParentToWorker, WorkerStartMessage, WorkerToParent } from './protocol.ts';
import { readRandomLoop } from './readRandom.ts';
import { RunClock } from './runClock.ts';

/** Connections opened at the same time: enough to be quick, few enough not to trip accept backlogs. */
const PARALLEL_CONNECTS = 16;
/** Longest wait for unbinds when closing; the process exits right after. */
const CLOSE_WAIT_MS = 300;

const WORKLOADS: Record<WorkloadId, WorkloadLoop> = {
  'read-random': readRandomLoop,
};

type State = 'idle' | 'connecting' | 'ready' | 'running' | 'ending';

/** One worker process's engine, driven by parent messages; `exit` ends the process. */
export class LoadWorker {
  private readonly port: ParentPort;
  private readonly exit: (code: number) => void;
  private state: State = 'idle';
  private start: WorkerStartMessage | null = null;
  private slots: ConnectionSlot[] = [];
  private pickDn: (() => string) | null = null;
  private control: LoadControl | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(port: ParentPort, exit: (code: number) => void) {
    this.port = port;
    this.exit = exit;
  }

  /** Dispatches one message from the parent. */
  handle(message: ParentToWorker): void {
    switch (message.type) {
      case 'start':
        void this.onStart(message);
        break;
      case 'go':
        this.onGo(message.t0Ms);
        break;
      case 'stop':
        this.onStop();
        break;
    }
  }

  /** Reports an unexpected error as fatal and exits. */
  fail(err: unknown): void {
    void this.fatal('run', err);
  }

  private send(message: WorkerToParent): Promise<void> {
    return this.port.post(message);
  }

  private async onStart(message: WorkerStartMessage): Promise<void> {
    if (this.state !== 'idle') return;
    this.state = 'connecting';
    this.start = message;
    try {
      this.pickDn = dnPicker(message.dnSource, streamFor(message.seed, message.workerIndex));
    } catch (err) {
      await this.fatal('connect', err);
      return;
    }
    const startedMs = performance.now();
    try {
      this.slots = await openSlots(
        message.connection,
        message.connections,
        PARALLEL_CONNECTS,
        () => this.state === 'ending',
      );
    } catch (err) {
      // A stop during connecting is already being handled by onStop.
      if (!(err instanceof ConnectOpenAborted) && this.state === 'connecting') {
        await this.fatal('connect', err);
      }
      return;
    }
    if (this.state !== 'connecting') {
      // Stopped while the last connects were finishing.
      await Promise.all(this.slots.map((s) => s.close(CLOSE_WAIT_MS)));
      return;
    }
    this.state = 'ready';
    void this.send({
      type: 'ready',
      connections: this.slots.length,
      connectMs: Math.round(performance.now() - startedMs),
    });
  }

  private onGo(t0Ms: number): void {
    const start = this.start;
    const pickDn = this.pickDn;
    if (this.state !== 'ready' || start === null || pickDn === null) return;
    this.state = 'running';
    const clock = new RunClock(t0Ms, start.warmupS + start.durationS);
    const recorder = new IntervalRecorder((interval) => void this.send(interval));
    const control: LoadControl = { issuing: false, recording: true, clock, recorder, pickDn };
    this.control = control;
    const loop = WORKLOADS[start.workload];
    setTimeout(
      () => {
        if (this.state !== 'running') return;
        control.issuing = true;
        // The closed model: `depth` loops per connection, each with one request outstanding.
        for (const slot of this.slots) {
          for (let d = 0; d < start.depth; d++) {
            loop(slot, control).catch((err: unknown) => this.fail(err));
          }
        }
      },
      Math.max(0, t0Ms - Date.now()),
    );
    this.scheduleTick();
  }

  /** Arms the timer for just after the next t0-aligned second boundary (re-aimed each time: no drift). */
  private scheduleTick(): void {
    const control = this.control;
    if (control === null) return;
    const elapsedNs = control.clock.elapsedNowNs();
    const nextBoundaryNs = (Math.floor(elapsedNs / 1e9) + 1) * 1e9;
    // +1 ms so the timer lands after the boundary rather than a hair before it.
    this.timer = setTimeout(() => this.tick(), (nextBoundaryNs - elapsedNs) / 1e6 + 1);
  }

  private tick(): void {
    const control = this.control;
    if (control === null || this.state !== 'running') return;
    const elapsedNs = control.clock.elapsedNowNs();
    if (elapsedNs >= control.clock.endElapsedNs) {
      control.issuing = false;
      control.recording = false;
      // Ships the last second (and any empty ones before it).
      control.recorder.advanceTo(control.clock.totalS);
      void this.end('completed', 0);
      return;
    }
    if (elapsedNs >= 0) control.recorder.advanceTo(Math.floor(elapsedNs / 1e9));
    this.scheduleTick();
  }

  private onStop(): void {
    const control = this.control;
    if (this.state === 'running' && control !== null) {
      const elapsedNs = control.clock.elapsedNowNs();
      if (elapsedNs >= control.clock.endElapsedNs) {
        // The end came first; the tick just has not run yet.
        this.tick();
        return;
      }
      control.issuing = false;
      control.recording = false;
      if (elapsedNs >= 0) {
        const second = Math.floor(elapsedNs / 1e9);
        control.recorder.advanceTo(second);
        control.recorder.flush(Math.round((elapsedNs - second * 1e9) / 1e6));
      }
      void this.end('stopped', 0);
      return;
    }
    if (this.state === 'ending') return;
    // Idle, connecting or ready: nothing measured yet.
    void this.end('stopped', 0);
  }

  private async end(reason: 'completed' | 'stopped', exitCode: number): Promise<void> {
    if (this.state === 'ending') return;
    this.state = 'ending';
    if (this.timer !== null) clearTimeout(this.timer);
    await this.send({ type: 'done', reason });
    await this.closeAll();
    this.exit(exitCode);
  }

  private async fatal(stage: 'connect' | 'run', err: unknown): Promise<void> {
    if (this.state === 'ending') return;
    this.state = 'ending';
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.control !== null) {
      this.control.issuing = false;
      this.control.recording = false;
    }
    await this.send({
      type: 'fatal',
      stage,
      error: describeLdapFailure(err, this.start?.connection.url),
    });
    await this.closeAll();
    this.exit(1);
  }

  private async closeAll(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.close(CLOSE_WAIT_MS)));
  }
}
