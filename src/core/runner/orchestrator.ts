// Runs one benchmark: starts the workers, aligns them on t0, merges their seconds into samples, ends the run.
import { ApiError } from '../../shared/errors.ts';
import type { WorkerToParent } from '../loadgen/protocol.ts';
import { isWorkerToParent } from '../loadgen/protocol.ts';
import type { WorkerHandle, WorkerLauncher } from './launcher.ts';
import { systemClock } from './orchestratorClock.ts';
import type { OrchestratorClock } from './orchestratorClock.ts';
import { RunAggregate } from './runAggregate.ts';
import type { RunHandle, RunObserver, RunOutcome, RunPhaseName, RunPlan } from './runContract.ts';
import { splitConnections } from '../base/split.ts';
import { exitReason, fatalReason, messageOf } from './workerFailures.ts';
import { workerStart } from './workerStart.ts';

/** Time from "all ready" to t0, so every worker has the go message before load starts. */
const GO_LEAD_MS = 100;
/** Longest wait for all workers to connect and bind. */
const READY_TIMEOUT_MS = 120_000;
/** A second not reported by every worker this long after it ended means a worker is stuck. */
const STALL_MS = 5_000;
/** After a stop or failure, how long workers get to ship their last second and exit. */
const SETTLE_MS = 800;
/** After a completed run, how long workers get to exit before they are killed. */
const EXIT_WAIT_MS = 1_000;
/** Longest wait for workers to remove the entries the run added (they give up after 120 s themselves). */
const CLEANUP_WAIT_MS = 130_000;
/** Grace for a worker's last messages to arrive after its exit was seen. */
const EXIT_GRACE_MS = 150;

type Phase = 'connecting' | 'running' | 'finishing' | 'finished';

interface WorkerState {
  /** 1-based number used in messages. */
  number: number;
  handle: WorkerHandle;
  ready: boolean;
  done: 'completed' | 'stopped' | null;
  exited: boolean;
  /** Set once the worker reported a fatal error (its exit is then expected). */
  fatal: boolean;
  /** Highest second this worker has reported, -1 before the first. */
  lastSecond: number;
  /** Entries of the run's own this worker still held when load ended (it removes them before exiting). */
  ownEntriesHeld: number;
  /** Its host was lost and the run goes on without it (it counts as exited and done). */
  lost: boolean;
}

/** Starts a run on `launcher`'s workers (`clock` for tests); load never runs on the caller's event loop. */
export function startRun(
  plan: RunPlan,
  launcher: WorkerLauncher,
  observer: RunObserver,
  clock: OrchestratorClock = systemClock,
): RunHandle {
  const run = new RunOrchestrator(plan, launcher, observer, clock);
  return { stop: (reason) => run.stop(reason), fail: (reason) => run.fail(reason), done: run.done };
}

class RunOrchestrator {
  readonly done: Promise<RunOutcome>;
  private resolveDone!: (outcome: RunOutcome) => void;
  private readonly plan: RunPlan;
  private readonly observer: RunObserver;
  private readonly totalS: number;
  private readonly workers: WorkerState[] = [];
  /** The merged seconds and what they add up to. */
  private readonly aggregate: RunAggregate;
  private readonly clock: OrchestratorClock;
  /** Set when the observer could not store a second; no later second is offered to it. */
  private storeFailed = false;
  /** Worker processes the run uses (the open model splits its rate across exactly these). */
  private workerCount = 0;
  private phase: Phase = 'connecting';
  private t0Ms: number | null = null;
  private nextSecond = 0;
  private status: RunOutcome['status'] = 'completed';
  private endReason: string | null = null;
  private cutoffMs = 0;
  /** When stop/failure handling began, to keep the whole ending under a second. */
  private finishStartedMs = 0;
  /** Cancels of the timers still pending, all cleared when the run resolves. */
  private readonly timers = new Set<() => void>();

  constructor(
    plan: RunPlan,
    launcher: WorkerLauncher,
    observer: RunObserver,
    clock: OrchestratorClock,
  ) {
    this.done = new Promise((resolve) => {
      this.resolveDone = resolve;
    });
    this.plan = plan;
    this.observer = observer;
    this.clock = clock;
    const { config } = plan;
    this.aggregate = new RunAggregate(config);
    this.totalS = this.aggregate.totalS;
    this.notifyPhase('connecting');
    const shares = splitConnections(config.connections, config.workers);
    this.workerCount = shares.length;
    try {
      shares.forEach((connections, index) => this.launch(launcher, index, connections));
    } catch (err) {
      this.fail(`could not start worker ${this.workers.length + 1}: ${messageOf(err)}`);
      return;
    }
    this.after(READY_TIMEOUT_MS, () => {
      if (this.phase === 'connecting') {
        this.fail(`workers were not ready after ${READY_TIMEOUT_MS / 1000} s (still connecting)`);
      }
    });
  }

  private launch(launcher: WorkerLauncher, index: number, connections: number): void {
    const handle = launcher(index);
    const state: WorkerState = {
      number: index + 1,
      handle,
      ready: false,
      done: null,
      exited: false,
      fatal: false,
      lastSecond: -1,
      ownEntriesHeld: 0,
      lost: false,
    };
    this.workers.push(state);
    handle.onMessage((message) => {
      if (isWorkerToParent(message)) this.onMessage(state, message);
    });
    handle.onExit((code, signal) => this.onExit(state, code, signal));
    handle.onLost?.((reason) => this.onLost(state, reason));
    handle.send(
      workerStart(this.plan, index, connections, this.workerCount, this.aggregate.rateSteps),
    );
  }

  stop(reason = 'stopped by user'): void {
    if (this.phase === 'connecting') {
      this.finish('stopped', reason);
    } else if (this.phase === 'running' && this.nextSecond < this.totalS) {
      // Every second already merged: the run is completing on its own.
      this.finish('stopped', reason);
    }
  }

  fail(reason: string): void {
    if (this.phase === 'connecting' || this.phase === 'running') this.finish('failed', reason);
  }

  private onMessage(worker: WorkerState, message: WorkerToParent): void {
    switch (message.type) {
      case 'ready':
        worker.ready = true;
        this.aggregate.addPool(message.poolAdded ?? 0);
        if (this.phase === 'connecting' && this.workers.every((w) => w.ready)) this.go();
        break;
      case 'interval':
        worker.lastSecond = Math.max(worker.lastSecond, message.second);
        if (this.phase === 'running' || this.phase === 'finishing') {
          try {
            this.aggregate.add(message);
          } catch (err) {
            // Figures under a label the workload does not have cannot be stored under any label.
            this.fail(
              `worker ${worker.number} sent a report DirBench cannot use: ${messageOf(err)}`,
            );
            break;
          }
        }
        if (this.phase === 'running') this.emitCompleteSeconds();
        break;
      case 'done':
        worker.done = message.reason;
        worker.ownEntriesHeld = message.ownEntries ?? 0;
        if (worker.ownEntriesHeld > 0) this.notifyPhase('cleaning');
        this.progress();
        break;
      case 'cleaned':
        this.aggregate.addCleaned(message.removed, message.left);
        break;
      case 'fatal':
        worker.fatal = true;
        worker.ownEntriesHeld = message.ownEntries ?? 0;
        this.fail(fatalReason(worker.number, message));
        break;
    }
  }

  private onExit(worker: WorkerState, code: number | null, signal: string | null): void {
    worker.exited = true;
    if (
      worker.done === null &&
      !worker.fatal &&
      (this.phase === 'connecting' || this.phase === 'running')
    ) {
      const at = this.t0Ms === null ? 'before load started' : `at ${this.elapsedS()} s`;
      // Give a fatal message that raced the exit a moment to arrive: it explains more.
      this.after(EXIT_GRACE_MS, () => {
        if (worker.fatal || worker.done !== null || worker.lost) return;
        this.fail(exitReason(worker.number, worker.handle.pid, code, signal, at));
      });
    }
    this.progress();
  }

  /** A worker whose host was lost: the run goes on with the others, unless none is left. */
  private onLost(worker: WorkerState, reason: string): void {
    if (worker.exited || worker.done !== null) return;
    worker.lost = true;
    worker.exited = true;
    if (this.phase === 'connecting' || this.workers.every((w) => w.lost)) {
      const why = this.phase === 'connecting' ? 'before load started' : 'no worker is left';
      this.fail(`${reason}; ${why}`);
      return;
    }
    if (this.phase === 'running') this.emitCompleteSeconds();
    else this.progress();
  }

  private go(): void {
    this.phase = 'running';
    const t0Ms = this.clock.nowMs() + (this.plan.goLeadMs ?? GO_LEAD_MS);
    this.t0Ms = t0Ms;
    for (const w of this.workers) w.handle.send({ type: 'go', t0Ms });
    this.notifyPhase('running');
    this.watchForStalls();
  }

  private watchForStalls(): void {
    this.after(1000, () => {
      if (this.phase !== 'running' || this.t0Ms === null) return;
      const stallMs = this.plan.stallMs ?? STALL_MS;
      const dueMs = this.t0Ms + (this.nextSecond + 1) * 1000 + stallMs;
      if (this.nextSecond < this.totalS && this.clock.nowMs() > dueMs) {
        const late = this.workers
          .filter((w) => !w.lost && w.lastSecond < this.nextSecond)
          .map((w) => w.number);
        this.fail(
          `worker ${late.join(', ')} stopped reporting (second ${this.nextSecond} is ${stallMs / 1000} s overdue)`,
        );
        return;
      }
      this.watchForStalls();
    });
  }

  /** Emits, in order, every second all workers have reported (a lost one only if it had). */
  private emitCompleteSeconds(): void {
    const expected = (s: number): number =>
      this.workers.filter((w) => !w.lost || w.lastSecond >= s).length;
    while (
      this.nextSecond < this.totalS &&
      this.aggregate.reportsFor(this.nextSecond) >= expected(this.nextSecond)
    ) {
      this.emit(this.nextSecond);
      if (this.phase !== 'running') return;
    }
    this.progress();
  }

  private emit(second: number, intervalMs?: number): void {
    const merged = this.aggregate.take(second, intervalMs);
    this.nextSecond = second + 1;
    // After a second could not be stored, later ones are not offered: the stored run has no holes.
    if (this.storeFailed) return;
    try {
      this.observer.onSample(
        merged.sample,
        merged.histogramBase64,
        merged.intendedHistogramBase64,
        merged.operationHistogramsBase64,
      );
    } catch (err) {
      // The run ends at the first second that cannot be kept: a benchmark with holes misleads.
      this.storeFailed = true;
      // The observer words the failures it knows (a store says what its disk did, and when).
      const why =
        err instanceof ApiError
          ? err.message
          : `internal error while storing second ${second}: ${messageOf(err)}`;
      this.fail(`${why}; the run was ended there`);
    }
  }

  /** Moves the run on when workers are done: completes it, or settles a stop/failure. */
  private progress(): void {
    if (this.phase === 'running') {
      if (
        this.nextSecond >= this.totalS &&
        this.workers.every((w) => w.done === 'completed' || w.lost)
      ) {
        this.phase = 'finished';
        this.status = 'completed';
        this.resolveWhenExited(this.exitWaitMs(EXIT_WAIT_MS));
      }
    } else if (this.phase === 'finishing') {
      if (this.workers.every((w) => w.done !== null || w.exited)) this.settle();
    }
  }

  /** Ends the run early: tells every worker to stop and settles once they have shipped their last second. */
  private finish(status: 'stopped' | 'failed', reason: string): void {
    const wasRunning = this.phase === 'running';
    this.phase = 'finishing';
    this.status = status;
    this.endReason = reason;
    this.finishStartedMs = this.clock.nowMs();
    this.cutoffMs = wasRunning ? this.finishStartedMs : 0;
    for (const w of this.workers) {
      if (w.done === null && !w.exited) w.handle.send({ type: 'stop' });
    }
    this.after(SETTLE_MS, () => this.settle());
    this.progress();
  }

  /** Emits the seconds up to the stop (the last one partial) and resolves. */
  private settle(): void {
    if (this.phase !== 'finishing') return;
    this.phase = 'finished';
    if (this.t0Ms !== null && this.cutoffMs > this.t0Ms) {
      const elapsedMs = this.cutoffMs - this.t0Ms;
      const lastSecond = Math.min(this.totalS - 1, Math.floor(elapsedMs / 1000));
      const lastMs = Math.min(1000, elapsedMs - lastSecond * 1000);
      for (let s = this.nextSecond; s <= lastSecond; s++) {
        // A stop exactly on a boundary leaves an empty zero-length second: not a sample.
        if (s === lastSecond && lastMs <= 0) break;
        this.emit(s, s === lastSecond ? lastMs : 1000);
      }
    }
    // Workers unbind and exit by themselves; wait for that, but within the second a stop may take.
    this.resolveWhenExited(
      this.exitWaitMs(this.finishStartedMs + SETTLE_MS + 100 - this.clock.nowMs()),
    );
  }

  /** How long to wait for workers to exit: longer while some remove the run's own entries. */
  private exitWaitMs(normalMs: number): number {
    const cleaning = this.workers.some((w) => w.ownEntriesHeld > 0 && !w.exited);
    return cleaning ? CLEANUP_WAIT_MS : normalMs;
  }

  /** Resolves `done` once every worker exited, killing those still alive after `waitMs`. */
  private resolveWhenExited(waitMs: number): void {
    let resolved = false;
    const resolve = (): void => {
      if (resolved) return;
      resolved = true;
      for (const w of this.workers) if (!w.exited) w.handle.kill();
      for (const cancel of this.timers) cancel();
      this.timers.clear();
      this.resolveDone(this.aggregate.outcome(this.status, this.endReason));
    };
    if (waitMs <= 0 || this.workers.every((w) => w.exited)) {
      resolve();
      return;
    }
    const poll = (): void => {
      if (this.workers.every((w) => w.exited)) resolve();
      else this.after(20, poll);
    };
    this.after(waitMs, resolve);
    poll();
  }

  /** Seconds since t0, to one decimal (0 before load started). */
  private elapsedS(): string {
    return this.t0Ms === null
      ? '0'
      : (Math.max(0, this.clock.nowMs() - this.t0Ms) / 1000).toFixed(1);
  }

  private notifyPhase(phase: RunPhaseName): void {
    try {
      this.observer.onPhase?.(phase);
    } catch {
      // A failing observer must not break the run; samples still flow.
    }
  }

  /** A timer on the run's clock, cancelled when the run resolves. */
  private after(ms: number, fn: () => void): void {
    const cancel = this.clock.after(ms, () => {
      this.timers.delete(cancel);
      fn();
    });
    this.timers.add(cancel);
  }
}
