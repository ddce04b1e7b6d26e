// The load worker's life cycle: connect its share, report ready, run the closed or open model from t0, ship each second, end.
import type { Client } from 'ldapts';
import { streamFor } from '../datagen/prng.ts';
import { closeQuietly, openBoundClient } from '../ldap/connection.ts';
import { ConnectionCounters } from '../ldap/connectionCounters.ts';
import { describeLdapFailure } from '../ldap/failure.ts';
import { ConnectOpenAborted, openSlots, serverRecorder } from './connectionSlot.ts';
import type { ConnectionSlot } from './connectionSlot.ts';
import { IntervalRecorder } from './intervalRecorder.ts';
import type { LoadControl, OpenLoad } from './loadControl.ts';
import { OperationRecorder } from './operationRecorder.ts';
import { OpenRecorder } from './openRecorder.ts';
import { OpWatch } from './opDeadline.ts';
import { OpenScheduler } from './openScheduler.ts';
import type { ParentPort } from './port.ts';
import type {
  ParentToWorker,
  WorkerFatalMessage,
  WorkerStartMessage,
  WorkerToParent,
} from './protocol.ts';
import { RateSchedule } from './rateSchedule.ts';
import { PERSISTENT, slotsToOpen, startPolicyLoops } from './policyPlan.ts';
import { RunClock } from './runClock.ts';
import { WorkerTelemetrySampler } from './workerTelemetry.ts';
import { CompiledWorkload } from '../workload/compileWorkload.ts';
import { entryPickerFor } from '../workload/entryPicker.ts';
import { shareOf } from '../base/split.ts';

/** Connections opened at the same time: enough to be quick, few enough not to trip accept backlogs. */
const PARALLEL_CONNECTS = 16;
/** Longest wait for unbinds when closing; the process exits right after. */
const CLOSE_WAIT_MS = 300;
/** Longest wait for requests in flight at the end before the run's own entries are listed for removal. */
const SETTLE_OUTSTANDING_MS = 10_000;
/** Longest time spent removing the run's own entries at the end; what is left is reported. */
const CLEANUP_MAX_MS = 120_000;

type State = 'idle' | 'connecting' | 'ready' | 'running' | 'ending';

/** One worker process's engine, driven by parent messages; `exit` ends the process. */
export class LoadWorker {
  private readonly port: ParentPort;
  private readonly exit: (code: number) => void;
  private state: State = 'idle';
  private start: WorkerStartMessage | null = null;
  private slots: ConnectionSlot[] = [];
  private workload: CompiledWorkload | null = null;
  private control: LoadControl | null = null;
  private timer: NodeJS.Timeout | null = null;
  private telemetry: WorkerTelemetrySampler | null = null;
  /** Connections opened/closed/reopened and their bytes, from the first connect on. */
  private readonly counters = new ConnectionCounters();

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

  /** Reports an unexpected error as fatal and exits (at once when even the report fails). */
  fail(err: unknown): void {
    this.fatal('run', err).catch(() => this.exit(1));
  }

  private send(message: WorkerToParent): Promise<void> {
    return this.port.post(message);
  }

  private async onStart(message: WorkerStartMessage): Promise<void> {
    if (this.state !== 'idle') return;
    this.state = 'connecting';
    this.start = message;
    try {
      this.workload = this.compile(message);
    } catch (err) {
      await this.fatal('connect', err);
      return;
    }
    const startedMs = performance.now();
    try {
      const policy = message.policy ?? PERSISTENT;
      const count = slotsToOpen(policy, message.connections, message.depth);
      this.slots = await openSlots(
        message,
        count,
        PARALLEL_CONNECTS,
        () => this.state === 'ending',
        this.counters,
      );
      // Per-op opens nothing up front; one uncounted probe still proves the server and bind work.
      if (count === 0) await closeQuietly(await openBoundClient(message.connection), CLOSE_WAIT_MS);
    } catch (err) {
      // A stop during connecting is already being handled by onStop.
      if (!(err instanceof ConnectOpenAborted) && this.state === 'connecting') {
        await this.fatal('connect', err);
      }
      return;
    }
    let poolAdded: number;
    try {
      poolAdded = await this.addPool(message);
    } catch (err) {
      if (this.state === 'connecting') await this.fatal('prepare', err);
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
      ...(poolAdded > 0 ? { poolAdded } : {}),
    });
  }

  /** Compiles the workload for this worker: its random stream, its share of sequences, its unique names. */
  private compile(message: WorkerStartMessage): CompiledWorkload {
    let picker = null;
    try {
      picker = entryPickerFor(message.dnSource);
    } catch {
      // No existing entries: workloads without [entry:...] tokens still run.
    }
    return new CompiledWorkload(message.workload, {
      rng: streamFor(message.seed, message.workerIndex),
      picker,
      uniquePrefix: `${message.runTag}.${message.workerIndex}.`,
      sequence: { offset: message.workerIndex, stride: message.workers },
      ...(message.workloadBaseDir === undefined ? {} : { baseDir: message.workloadBaseDir }),
      params: message.connection,
      counters: this.counters,
      passwordFiles: message.passwordFiles ?? {},
    });
  }

  /** Adds this worker's share of the workload's pool before load; returns how many were added. */
  private async addPool(message: WorkerStartMessage): Promise<number> {
    const workload = this.workload;
    const poolEntries = message.workload.pool?.entries ?? 0;
    if (workload === null || poolEntries === 0) return 0;
    const share = shareOf(poolEntries, message.workers, message.workerIndex);
    await this.withFreshClient(message, (client) =>
      workload.addPool(client, share, () => this.state === 'ending'),
    );
    return workload.own.size;
  }

  /** Waits (at most SETTLE_OUTSTANDING_MS) for the requests load left in flight to be answered. */
  private async settleOutstanding(): Promise<void> {
    const deadline = performance.now() + SETTLE_OUTSTANDING_MS;
    while ((this.control?.outstanding ?? 0) > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Runs `task` on a new connection bound as the target's configured user, closed afterwards. */
  private async withFreshClient(
    message: WorkerStartMessage,
    task: (client: Client) => Promise<unknown>,
  ): Promise<void> {
    const client = await openBoundClient(message.connection);
    try {
      await task(client);
    } finally {
      await closeQuietly(client, CLOSE_WAIT_MS);
    }
  }

  /** Removes the entries the run added and has not deleted (within CLEANUP_MAX_MS) and reports it. */
  private async cleanup(): Promise<void> {
    const workload = this.workload;
    const start = this.start;
    if (workload === null || start === null || workload.own.size === 0) return;
    // Adds still in flight would put their entries in after the cleanup took its list.
    await this.settleOutstanding();
    const held = workload.own.size;
    let left = held;
    try {
      // A fresh connection: the load connections may be bound as users who cannot delete.
      await this.withFreshClient(start, async (client) => {
        const deadline = new Promise<number>((resolve) =>
          setTimeout(() => resolve(workload.own.size), CLEANUP_MAX_MS).unref(),
        );
        left = await Promise.race([workload.cleanup(client), deadline]);
      });
    } catch {
      // The server is gone: everything held stays, and is reported as left.
    }
    await this.send({ type: 'cleaned', removed: held - left, left });
  }

  private onGo(t0Ms: number): void {
    const start = this.start;
    const workload = this.workload;
    if (this.state !== 'ready' || start === null || workload === null) return;
    this.state = 'running';
    const clock = new RunClock(t0Ms, start.warmupS + start.durationS + (start.cooldownS ?? 0));
    const telemetry = new WorkerTelemetrySampler(
      start.workerIndex + 1,
      () => this.control?.outstanding ?? 0,
    );
    this.telemetry = telemetry;
    // Telemetry is read as each second ships, so it describes the span that second covered.
    const recorder = new IntervalRecorder(
      (interval) =>
        void this.send({
          ...interval,
          ...this.control?.open?.recorder.take(interval.second, interval.intervalMs),
          telemetry: telemetry.take(),
        }),
    );
    // Connects before t0 (opening the slots) land in second 0, so opened counts every connection.
    recorder.connectionCounters = this.counters;
    if (workload.labels.length > 1) recorder.operations = new OperationRecorder(workload.labels);
    recorder.servers = serverRecorder(start.servers, this.slots);
    const control: LoadControl = {
      issuing: false,
      recording: true,
      clock,
      recorder,
      workload,
      open: this.openLoad(start, clock, recorder),
      outstanding: 0,
      opWatch: start.opTimeoutMs === undefined ? null : new OpWatch(start.opTimeoutMs),
    };
    this.control = control;
    setTimeout(
      () => {
        if (this.state !== 'running') return;
        control.issuing = true;
        // `depth` loops per connection, each with one request outstanding: the closed model's load,
        // and the open model's concurrency cap (an op due while all loops are busy waits, late).
        startPolicyLoops(
          {
            policy: start.policy ?? PERSISTENT,
            slots: this.slots,
            connections: start.connections,
            depth: start.depth,
            params: start.connection,
            counters: this.counters,
            control,
          },
          (err) => this.fail(err),
        );
      },
      Math.max(0, t0Ms - Date.now()),
    );
    this.scheduleTick(clock.elapsedNowNs());
  }

  /** The open model's scheduler and per-second recorder for this worker; null for a closed-model run. */
  private openLoad(
    start: WorkerStartMessage,
    clock: RunClock,
    recorder: IntervalRecorder,
  ): OpenLoad | null {
    const model = start.openModel;
    if (model === undefined) return null;
    let openRecorder: OpenRecorder | null = null;
    const host = {
      nowNs: () => clock.elapsedNowNs(),
      endNs: clock.endElapsedNs,
      late: (elapsedNs: number, count: number) => {
        // Counted in the second it is noticed in (within the run): the recorder moves there first.
        const second = Math.min(Math.floor(elapsedNs / 1e9), clock.totalS - 1);
        if (second > recorder.second) recorder.advanceTo(second);
        openRecorder?.addLate(count);
      },
    };
    const scheduler = new OpenScheduler(
      new RateSchedule(model.steps),
      model.share,
      model.shares,
      host,
    );
    openRecorder = new OpenRecorder(scheduler);
    return { scheduler, recorder: openRecorder };
  }

  /**
   * Arms the timer for just after the t0-aligned second boundary that follows `seenNs`, the clock
   * reading the caller acted on (re-aimed each time: no drift). The boundary comes from that same
   * reading, never a fresh one: a timer can fire a hair before a boundary (Node times it from the
   * loop's cached clock), and a fresh read taken after the boundary had passed would aim at the one
   * after - a whole second late. For the run's end that second let loops keep issuing and opening
   * connections (counted) past the end while their ops were dropped.
   */
  private scheduleTick(seenNs: number): void {
    const control = this.control;
    if (control === null) return;
    const nextBoundaryNs = (Math.floor(seenNs / 1e9) + 1) * 1e9;
    // +1 ms so the timer lands after the boundary rather than a hair before it; a boundary that
    // has passed meanwhile fires at once.
    const delayMs = Math.max(0, (nextBoundaryNs - control.clock.elapsedNowNs()) / 1e6 + 1);
    this.timer = setTimeout(() => this.tick(), delayMs);
  }

  private tick(): void {
    const control = this.control;
    if (control === null || this.state !== 'running') return;
    const elapsedNs = control.clock.elapsedNowNs();
    if (elapsedNs >= control.clock.endElapsedNs) {
      control.issuing = false;
      control.recording = false;
      // Scheduled ops that never started count as behind, in the last second.
      control.open?.scheduler.close(control.clock.endElapsedNs);
      // Ships the last second (and any empty ones before it).
      control.recorder.advanceTo(control.clock.totalS);
      void this.end('completed', 0);
      return;
    }
    if (elapsedNs >= 0) control.recorder.advanceTo(Math.floor(elapsedNs / 1e9));
    this.scheduleTick(elapsedNs);
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
      // Ops due before the stop that never started count as behind, in the partial second.
      control.open?.scheduler.close(elapsedNs);
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
    this.telemetry?.stop();
    this.control?.opWatch?.stop();
    const ownEntries = this.workload?.own.size ?? 0;
    await this.send({ type: 'done', reason, ...(ownEntries > 0 ? { ownEntries } : {}) });
    await this.cleanup();
    await this.closeAll();
    this.exit(exitCode);
  }

  private async fatal(stage: WorkerFatalMessage['stage'], err: unknown): Promise<void> {
    if (this.state === 'ending') return;
    this.state = 'ending';
    if (this.timer !== null) clearTimeout(this.timer);
    this.telemetry?.stop();
    this.control?.opWatch?.stop();
    if (this.control !== null) {
      this.control.issuing = false;
      this.control.recording = false;
    }
    const ownEntries = this.workload?.own.size ?? 0;
    await this.send({
      type: 'fatal',
      stage,
      error: describeLdapFailure(err, this.start?.connection.url),
      ...(ownEntries > 0 ? { ownEntries } : {}),
    });
    await this.cleanup();
    await this.closeAll();
    this.exit(1);
  }

  private async closeAll(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.close(CLOSE_WAIT_MS)));
  }
}
