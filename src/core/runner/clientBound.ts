// Decides from the workers' per-second telemetry whether the client, not the server, limited a run.
import type { WorkerTelemetry } from '../../shared/types.ts';
import { median } from './median.ts';

/** A worker's loop busy this share of the time has no slack left: responses queue behind its own work (a saturated Node worker reads 0.95-1.0). */
export const SATURATED_ELU = 0.9;
/** A run is flagged when this share of its measured seconds had a saturated worker: more than a GC or scheduler blip, enough to skew the summary. */
export const CLIENT_BOUND_SECONDS_SHARE = 0.25;
/** Nor from fewer saturated seconds than this (unless the run is shorter): one descheduled second on a shared machine is noise. */
export const MIN_SATURATED_SECONDS = 2;
/** CPU this far (percentage points) below the loop's busy share means the worker waited for a core, not for work. */
const CPU_STARVED_GAP_POINTS = 25;
/**
 * A worker paused for GC this many ms of a second (a tenth of it) is thrashing rather than
 * collecting: responses wait unread through every pause and the pauses land in measured latency.
 * A healthy worker on the 2-core development machine paused 10-40 ms a second (dirbench run against
 * a 10,000-entry OpenLDAP lab, 8 connections, up to 33,000 ops/s). Pauses are wall time, so a worker
 * descheduled mid-pause on a busy machine reads a long one: hence a share of the seconds, as for
 * the event loop, not any single second.
 */
export const GC_BOUND_PAUSE_MS = 100;

/** The verdict that goes into RunSummary. */
export interface ClientBoundVerdict {
  clientBound: boolean;
  clientBoundEvidence: string;
}

/**
 * True when one worker's second shows it could not keep up. Delay alone does not count: a worker
 * descheduled for a moment on a busy machine shows a late loop while mostly waiting on the server.
 */
export function workerSaturated(t: WorkerTelemetry): boolean {
  return t.eventLoopUtilization >= SATURATED_ELU;
}

/** True when one worker's second was mostly lost to GC pauses (readings without GC figures never are). */
export function workerGcBound(t: WorkerTelemetry): boolean {
  return (t.gcPauseMs ?? 0) >= GC_BOUND_PAUSE_MS;
}

interface WorkerFindings {
  worker: number;
  saturatedSeconds: number;
  cpuPercent: number[];
  elu: number[];
  maxDelayUs: number;
}

/** One worker's GC over the measured seconds whose readings carry GC figures. */
interface WorkerGc {
  worker: number;
  /** Readings with GC figures. */
  seconds: number;
  pauseMs: number;
  gcBoundSeconds: number;
  majorGcs: number;
}

/**
 * Judges a run from its measured seconds, each the list of per-worker readings of that second.
 * Seconds without readings are not counted (nothing is known about them).
 */
export function judgeClientBound(
  seconds: readonly (readonly WorkerTelemetry[])[],
): ClientBoundVerdict {
  const measured = seconds.filter((s) => s.length > 0);
  if (measured.length === 0) {
    return {
      clientBound: false,
      clientBoundEvidence:
        'no client telemetry was recorded for the measured seconds, so client saturation could not be judged',
    };
  }
  const byWorker = new Map<number, WorkerFindings>();
  const gcByWorker = new Map<number, WorkerGc>();
  let saturatedSeconds = 0;
  let gcBoundSeconds = 0;
  let peakCpu = 0;
  let peakElu = 0;
  let peakDelayUs = 0;
  for (const second of measured) {
    let anySaturated = false;
    let anyGcBound = false;
    for (const t of second) {
      peakCpu = Math.max(peakCpu, t.cpuPercent);
      peakElu = Math.max(peakElu, t.eventLoopUtilization);
      peakDelayUs = Math.max(peakDelayUs, t.eventLoopDelayP99Us);
      if (addGc(gcByWorker, t)) anyGcBound = true;
      if (!workerSaturated(t)) continue;
      anySaturated = true;
      let f = byWorker.get(t.worker);
      if (f === undefined) {
        f = { worker: t.worker, saturatedSeconds: 0, cpuPercent: [], elu: [], maxDelayUs: 0 };
        byWorker.set(t.worker, f);
      }
      f.saturatedSeconds++;
      f.cpuPercent.push(t.cpuPercent);
      f.elu.push(t.eventLoopUtilization);
      f.maxDelayUs = Math.max(f.maxDelayUs, t.eventLoopDelayP99Us);
    }
    if (anySaturated) saturatedSeconds++;
    if (anyGcBound) gcBoundSeconds++;
  }
  const total = measured.length;
  const threshold = Math.max(
    Math.min(total, MIN_SATURATED_SECONDS),
    Math.ceil(total * CLIENT_BOUND_SECONDS_SHARE),
  );
  const gcShare = gcShareText(gcByWorker);
  const peaks = `workers peaked at ${fmtPercent(peakCpu)} CPU, event-loop utilisation ${fmtElu(peakElu)}, event-loop delay p99 ${fmtDelay(peakDelayUs)}`;
  const findings: string[] = [];
  if (saturatedSeconds >= threshold) {
    findings.push(saturationFinding([...byWorker.values()], saturatedSeconds, total));
  }
  if (gcBoundSeconds >= threshold) {
    findings.push(gcFinding([...gcByWorker.values()], gcBoundSeconds, total));
  }
  if (findings.length > 0) {
    // The GC finding names each worker's share itself; otherwise the overall share is still told.
    const gc = gcShare !== null && gcBoundSeconds < threshold ? `; ${gcShare}` : '';
    return {
      clientBound: true,
      clientBoundEvidence: `${findings.join('; ')}${gc}; the client, not the server, limited this run`,
    };
  }
  const blips: string[] = [];
  if (saturatedSeconds > 0) {
    blips.push(
      `a worker was saturated in only ${saturatedSeconds} of ${total} measured seconds (a run is flagged from ${threshold}); `,
    );
  }
  if (gcBoundSeconds > 0) {
    blips.push(
      `a worker paused for GC ${gcBoundPercent()} or more of a second in only ${gcBoundSeconds} of ${total} measured seconds (a run is flagged from ${threshold}); `,
    );
  }
  return {
    clientBound: false,
    clientBoundEvidence: `${blips.join('')}${peaks}${gcShare === null ? '' : `, and ${gcShare}`}: the client had headroom`,
  };
}

/** Adds one reading's GC figures to its worker's; true when that second was GC-bound. */
function addGc(byWorker: Map<number, WorkerGc>, t: WorkerTelemetry): boolean {
  // Runs recorded before GC was measured carry no figures: nothing is known, nothing is counted.
  if (t.gcPauseMs === undefined) return false;
  let gc = byWorker.get(t.worker);
  if (gc === undefined) {
    gc = { worker: t.worker, seconds: 0, pauseMs: 0, gcBoundSeconds: 0, majorGcs: 0 };
    byWorker.set(t.worker, gc);
  }
  gc.seconds++;
  gc.pauseMs += t.gcPauseMs;
  gc.majorGcs += t.majorGcCount ?? 0;
  const bound = workerGcBound(t);
  if (bound) gc.gcBoundSeconds++;
  return bound;
}

/** The share of the measured time the workers spent in GC pauses; null when no reading measured GC. */
function gcShareText(byWorker: Map<number, WorkerGc>): string | null {
  const workers = [...byWorker.values()];
  const seconds = workers.reduce((n, w) => n + w.seconds, 0);
  if (seconds === 0) return null;
  const pauseMs = workers.reduce((n, w) => n + w.pauseMs, 0);
  const whose = workers.length > 1 ? "the workers'" : "the worker's";
  return `GC pauses took ${fmtShare(pauseMs / (seconds * 1000))} of ${whose} measured time`;
}

function saturationFinding(found: WorkerFindings[], seconds: number, total: number): string {
  // Most-saturated workers first; name at most three to keep the sentence readable.
  const workers = found.sort(
    (a, b) => b.saturatedSeconds - a.saturatedSeconds || a.worker - b.worker,
  );
  const named = workers.slice(0, 3).map((f) => describeWorker(f, total));
  const more = workers.length > 3 ? `; ${workers.length - 3} more workers were saturated too` : '';
  const inAll =
    workers.length > 1 ? `a worker was saturated in ${seconds} of ${total} measured seconds: ` : '';
  return `${inAll}${named.join('; ')}${more}`;
}

function gcFinding(found: WorkerGc[], seconds: number, total: number): string {
  const workers = found
    .filter((w) => w.gcBoundSeconds > 0)
    .sort((a, b) => b.gcBoundSeconds - a.gcBoundSeconds || a.worker - b.worker);
  const named = workers.slice(0, 3).map((w) => describeGcWorker(w, total));
  const more =
    workers.length > 3 ? `; ${workers.length - 3} more workers paused as long for GC` : '';
  const inAll =
    workers.length > 1
      ? `a worker paused for GC ${gcBoundPercent()} or more of a second in ${seconds} of ${total} measured seconds: `
      : '';
  return `${inAll}${named.join('; ')}${more}`;
}

function describeGcWorker(w: WorkerGc, total: number): string {
  const majors = `${w.majorGcs} major collection${w.majorGcs === 1 ? '' : 's'}`;
  return `worker ${w.worker} spent ${fmtShare(w.pauseMs / (w.seconds * 1000))} of its time in GC pauses, ${gcBoundPercent()} or more in ${w.gcBoundSeconds} of ${total} measured seconds (${majors})`;
}

function gcBoundPercent(): string {
  return `${GC_BOUND_PAUSE_MS / 10}%`;
}

function describeWorker(f: WorkerFindings, total: number): string {
  const cpu = median(f.cpuPercent);
  const elu = median(f.elu);
  let text = `worker ${f.worker} used ${fmtPercent(cpu)} CPU and its event loop was busy ${fmtPercent(elu * 100)} of the time in ${f.saturatedSeconds} of ${total} measured seconds`;
  text += ` (event-loop delay p99 up to ${fmtDelay(f.maxDelayUs)})`;
  if (cpu < elu * 100 - CPU_STARVED_GAP_POINTS) {
    text += ` (it got less CPU than its loop needed: other processes competed for this machine's cores)`;
  }
  return text;
}

function fmtPercent(value: number): string {
  return `${Math.round(value)}%`;
}

/** A share (0..1) as a percentage: one decimal below 10%, where small differences matter. */
function fmtShare(share: number): string {
  const percent = share * 100;
  return percent < 10 ? `${percent.toFixed(1)}%` : `${Math.round(percent)}%`;
}

function fmtElu(value: number): string {
  return value.toFixed(2);
}

function fmtDelay(us: number): string {
  return us >= 10_000 ? `${Math.round(us / 1000)} ms` : `${(us / 1000).toFixed(1)} ms`;
}
