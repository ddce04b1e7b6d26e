// Runs one benchmark: starts the workers, aligns them on t0, merges their seconds into samples, ends the run.
import type { RateStep, RunConfig, RunSample, RunSummary } from '../../shared/types.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import { encodeHistogram } from '../loadgen/histogram.ts';
import type { DnSource } from '../loadgen/dnSource.ts';
import type { WorkerStartMessage, WorkerToParent } from '../loadgen/protocol.ts';
import { isWorkerToParent } from '../loadgen/protocol.ts';
import { rateStepsFor } from '../loadgen/rateSchedule.ts';
import type { WorkerHandle, WorkerLauncher } from './launcher.ts';
import { OpenSecondMerger, OpenTotals } from './openMerger.ts';
import { databaseFailure, isDatabaseFailure } from '../store/databaseErrors.ts';
import { RunDigest } from './runDigest.ts';
import { ServerLossWatch } from './serverLoss.ts';
import { phaseOfSecond } from './runPhases.ts';
import { operationHistogramsBase64 } from './operationMerge.ts';
import { MeasuredTotals, SecondMerger } from './secondMerger.ts';
import { splitConnections } from './split.ts';
import { timeToFullSpeedS } from './timeToFullSpeed.ts';
import { workloadLabels } from '../../shared/workload.ts';

/** Everything a run needs: its stored config, how to connect, and which DNs to read. */
export interface RunPlan {
  runId: string;
  config: RunConfig;
  connection: LdapConnectionParams;
  dnSource: DnSource;
  /** Contents of the password files the workload names (path -> password), read by the host; never stored. */
  passwordFiles?: Record<string, string>;
  /** Folder relative `[file:...]` paths of the workload are resolved against (its file's folder). */
  workloadBaseDir?: string;
  /** An operation unanswered this long counts as a `timeout` error (default OP_TIMEOUT_MS). */
  opTimeoutMs?: number;
}

/** Default wait for an answer before an operation counts as a `timeout` error (above slapd's 10 s time limit). */
export const OP_TIMEOUT_MS = 60_000;

/** Receives the run's progress: one merged sample per second, in order, and phase changes. */
export interface RunObserver {
  /** `intendedHistogramBase64`: open model only, latencies from the intended start. */
  onSample(
    sample: RunSample,
    histogramBase64: string,
    intendedHistogramBase64?: string,
    /** Mixes: each operation label's histogram, keyed by label (in the workload's label order). */
    operationHistogramsBase64?: ReadonlyMap<string, string>,
  ): void;
  /** `cleaning`: load is over and workers are removing the entries the run added. */
  onPhase?(phase: RunPhaseName): void;
}

/** The stages of a run the observer hears about. */
export type RunPhaseName = 'connecting' | 'running' | 'cleaning';

/**
 * How a run ended. `summary` covers the measured seconds: null when none were measured and for runs
 * that failed before their end; a run failed by the lost-server rule keeps it.
 */
export interface RunOutcome {
  status: 'completed' | 'stopped' | 'failed';
  endReason: string | null;
  summary: RunSummary | null;
  histogramBase64: string | null;
}

/** Control of a run in progress. */
export interface RunHandle {
  /** Ends the run within a second with status 'stopped', keeping every sample so far. */
  stop(reason?: string): void;
  readonly done: Promise<RunOutcome>;
}

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
}

/** Starts a run on `launcher`'s workers; load never runs on the caller's event loop. */
export function startRun(
  plan: RunPlan,
  launcher: WorkerLauncher,
  observer: RunObserver,
): RunHandle {
  const run = new RunOrchestrator(plan, launcher, observer);
  return { stop: (reason) => run.stop(reason), done: run.done };
}

class RunOrchestrator {
  readonly done: Promise<RunOutcome>;
  private resolveDone!: (outcome: RunOutcome) => void;
  private readonly plan: RunPlan;
  private readonly observer: RunObserver;
  private readonly totalS: number;
  private readonly workers: WorkerState[] = [];
  private readonly merger: SecondMerger;
  private readonly totals: MeasuredTotals;
  /** The run's own entries: pool added before load, removed and left after it. */
  private readonly own = { poolAdded: 0, removed: 0, left: 0, reported: false };
  /** Open model: the whole run's target rate as profile steps; null for the closed model. */
  private readonly rateSteps: RateStep[] | null;
  private readonly openMerger = new OpenSecondMerger();
  private readonly openTotals = new OpenTotals();
  /** Per-second rate of every full warm-up and measured second, for time to full speed. */
  private readonly ratesBySecond: number[] = [];
  /** Errors by cause and silent seconds over the whole run, for the endReason of a run that rode out faults. */
  private readonly digest: RunDigest;
  /** The outcome rule: a run whose server stopped answering ends failed, not completed. */
  private readonly loss = new ServerLossWatch();
  /** Set when the loss rule failed a run that ran to its end: its measured figures are kept. */
  private lostServer = false;
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
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(plan: RunPlan, launcher: WorkerLauncher, observer: RunObserver) {
    this.done = new Promise((resolve) => {
      this.resolveDone = resolve;
    });
    this.plan = plan;
    this.observer = observer;
    const { config } = plan;
    const labels = workloadLabels(config.workloadSpec);
    this.merger = new SecondMerger(labels);
    this.totals = new MeasuredTotals(labels);
    this.totalS = config.warmupS + config.durationS + config.cooldownS;
    this.rateSteps = rateStepsFor(config.targetOpsPerSec, config.rateProfile, this.totalS);
    this.digest = new RunDigest(this.rateSteps === null);
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
    const { config } = this.plan;
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
    };
    this.workers.push(state);
    handle.onMessage((message) => {
      if (isWorkerToParent(message)) this.onMessage(state, message);
    });
    handle.onExit((code, signal) => this.onExit(state, code, signal));
    const start: WorkerStartMessage = {
      type: 'start',
      workerIndex: index,
      connection: this.plan.connection,
      connections,
      depth: config.depth,
      policy: config.connectionPolicy,
      workload: config.workloadSpec,
      runTag: runTagOf(this.plan.runId),
      workers: this.workerCount,
      dnSource: this.plan.dnSource,
      seed: config.seed,
      warmupS: config.warmupS,
      durationS: config.durationS,
      cooldownS: config.cooldownS,
      opTimeoutMs: this.plan.opTimeoutMs ?? OP_TIMEOUT_MS,
    };
    if (this.plan.passwordFiles !== undefined) start.passwordFiles = this.plan.passwordFiles;
    if (this.plan.workloadBaseDir !== undefined) start.workloadBaseDir = this.plan.workloadBaseDir;
    // Every worker gets the whole profile and takes every `shares`-th op of it.
    if (this.rateSteps !== null) {
      start.openModel = { steps: this.rateSteps, share: index, shares: this.workerCount };
    }
    handle.send(start);
  }

  stop(reason = 'stopped by user'): void {
    if (this.phase === 'connecting') {
      this.finish('stopped', reason);
    } else if (this.phase === 'running' && this.nextSecond < this.totalS) {
      // Every second already merged: the run is completing on its own.
      this.finish('stopped', reason);
    }
  }

  private fail(reason: string): void {
    if (this.phase === 'connecting' || this.phase === 'running') this.finish('failed', reason);
  }

  private onMessage(worker: WorkerState, message: WorkerToParent): void {
    switch (message.type) {
      case 'ready':
        worker.ready = true;
        this.own.poolAdded += message.poolAdded ?? 0;
        if (this.phase === 'connecting' && this.workers.every((w) => w.ready)) this.go();
        break;
      case 'interval':
        worker.lastSecond = Math.max(worker.lastSecond, message.second);
        if (this.phase === 'running' || this.phase === 'finishing') {
          try {
            this.merger.add(message);
          } catch (err) {
            // Figures under a label the workload does not have cannot be stored under any label.
            this.fail(
              `worker ${worker.number} sent a report DirBench cannot use: ${messageOf(err)}`,
            );
            break;
          }
          this.openMerger.add(message);
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
        this.own.removed += message.removed;
        this.own.left += message.left;
        this.own.reported = true;
        break;
      case 'fatal':
        worker.fatal = true;
        worker.ownEntriesHeld = message.ownEntries ?? 0;
        this.fail(
          message.stage === 'connect'
            ? `could not connect: ${message.error.message}`
            : message.stage === 'prepare'
              ? `could not add the workload's pool entries before load: ${message.error.message}`
              : `worker ${worker.number} failed: ${message.error.message}`,
        );
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
      const pid = worker.handle.pid === undefined ? '' : ` (pid ${worker.handle.pid})`;
      const how = signal !== null ? `was ended by ${signal}` : `exited with code ${String(code)}`;
      const at = this.t0Ms === null ? 'before load started' : `at ${this.elapsedS()} s`;
      // Give a fatal message that raced the exit a moment to arrive: it explains more.
      this.after(EXIT_GRACE_MS, () => {
        if (worker.fatal || worker.done !== null) return;
        this.fail(
          `worker ${worker.number}${pid} ${how} ${at}; the seconds merged so far and the other workers' seconds up to then are kept`,
        );
      });
    }
    this.progress();
  }

  private go(): void {
    this.phase = 'running';
    const t0Ms = Date.now() + GO_LEAD_MS;
    this.t0Ms = t0Ms;
    for (const w of this.workers) w.handle.send({ type: 'go', t0Ms });
    this.notifyPhase('running');
    this.watchForStalls();
  }

  private watchForStalls(): void {
    this.after(1000, () => {
      if (this.phase !== 'running' || this.t0Ms === null) return;
      const dueMs = this.t0Ms + (this.nextSecond + 1) * 1000 + STALL_MS;
      if (this.nextSecond < this.totalS && Date.now() > dueMs) {
        const late = this.workers
          .filter((w) => w.lastSecond < this.nextSecond)
          .map((w) => w.number);
        this.fail(
          `worker ${late.join(', ')} stopped reporting (second ${this.nextSecond} is ${STALL_MS / 1000} s overdue)`,
        );
        return;
      }
      this.watchForStalls();
    });
  }

  /** Emits, in order, every second all workers have reported. */
  private emitCompleteSeconds(): void {
    while (
      this.nextSecond < this.totalS &&
      this.merger.reportsFor(this.nextSecond) >= this.workers.length
    ) {
      this.emit(this.nextSecond);
      if (this.phase !== 'running') return;
    }
    this.progress();
  }

  private emit(second: number, intervalMs?: number): void {
    const { config } = this.plan;
    const phase = phaseOfSecond(second, config.warmupS, config.durationS);
    const { sample, histogram, operations } = this.merger.take(second, phase, intervalMs);
    this.nextSecond = second + 1;
    if (phase === 'measured') this.totals.add(sample, histogram, operations);
    this.digest.add(sample);
    this.loss.add(sample);
    // Cool-down seconds are excluded like warm-up; a partial (stopped) second is no rate.
    if (phase !== 'cooldown' && sample.intervalMs === 1000) this.ratesBySecond.push(sample.ops);
    let intendedBase64: string | undefined;
    if (this.rateSteps !== null) {
      const open = this.openMerger.take(second);
      Object.assign(sample, open.fields);
      if (phase === 'measured') this.openTotals.add(open.fields, open.histogram);
      intendedBase64 = encodeHistogram(open.histogram);
    }
    // After a second could not be stored, later ones are not offered: the stored run has no holes.
    if (this.storeFailed) return;
    try {
      this.observer.onSample(
        sample,
        encodeHistogram(histogram),
        intendedBase64,
        operations === null ? undefined : operationHistogramsBase64(operations),
      );
    } catch (err) {
      // The run ends at the first second that cannot be kept: a benchmark with holes misleads.
      this.storeFailed = true;
      const why = isDatabaseFailure(err)
        ? databaseFailure(err, `storing second ${second}`).message
        : `internal error while storing second ${second}: ${messageOf(err)}`;
      this.fail(`${why}; the run was ended there`);
    }
  }

  /** Moves the run on when workers are done: completes it, or settles a stop/failure. */
  private progress(): void {
    if (this.phase === 'running') {
      if (this.nextSecond >= this.totalS && this.workers.every((w) => w.done === 'completed')) {
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
    this.finishStartedMs = Date.now();
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
    this.resolveWhenExited(this.exitWaitMs(this.finishStartedMs + SETTLE_MS + 100 - Date.now()));
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
      for (const t of this.timers) clearTimeout(t);
      this.timers.clear();
      // A run that completed through faults says what happened (errors by cause, silent seconds).
      if (this.status === 'completed' && this.endReason === null) {
        this.endReason = this.digest.reason();
        const lost = this.loss.verdict();
        if (lost !== null) {
          this.status = 'failed';
          this.lostServer = true;
          this.endReason = `${lost}; ${this.endReason ?? ''}`.replace(/; $/, '');
        }
      }
      this.resolveDone({
        status: this.status,
        endReason: this.endReason,
        // A lost server's run was measured to its end: its figures show what was lost, with its errors.
        summary: this.status === 'failed' && !this.lostServer ? null : this.summary(),
        histogramBase64: this.totals.histogramBase64(),
      });
    };
    if (waitMs <= 0 || this.workers.every((w) => w.exited)) {
      resolve();
      return;
    }
    const poll = (): void => {
      if (this.workers.every((w) => w.exited)) resolve();
      else this.after(20, poll);
    };
    const deadline = setTimeout(resolve, waitMs);
    this.timers.add(deadline);
    poll();
  }

  /** The measured totals with the load model, its open-model figures and time to full speed. */
  private summary(): RunSummary | null {
    const base = this.totals.summary();
    if (base === null) return null;
    const summary: RunSummary = {
      ...base,
      model: this.rateSteps === null ? 'closed' : 'open',
      timeToFullSpeedS: timeToFullSpeedS(this.ratesBySecond),
    };
    if (this.rateSteps !== null) Object.assign(summary, this.openTotals.summary(base.measuredS));
    const own = this.own;
    if (own.poolAdded > 0 || own.reported) {
      summary.ownEntries = { poolAdded: own.poolAdded, removed: own.removed, left: own.left };
    }
    return summary;
  }

  /** Seconds since t0, to one decimal (0 before load started). */
  private elapsedS(): string {
    return this.t0Ms === null ? '0' : (Math.max(0, Date.now() - this.t0Ms) / 1000).toFixed(1);
  }

  private notifyPhase(phase: RunPhaseName): void {
    try {
      this.observer.onPhase?.(phase);
    } catch {
      // A failing observer must not break the run; samples still flow.
    }
  }

  /** setTimeout that is cleared when the run resolves. */
  private after(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }
}

/** The run's tag in [unique] values: the id's random tail, so names never repeat an earlier run's. */
function runTagOf(runId: string): string {
  return runId.replace(/^run-/, '').replace(/[^A-Za-z0-9]/g, '');
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
