// Decides from the workers' per-second telemetry whether the client, not the server, limited a run.
import type { WorkerTelemetry } from '../../shared/types.ts';

/** A worker's loop busy this share of the time has no slack left: responses queue behind its own work (a saturated Node worker reads 0.95-1.0). */
export const SATURATED_ELU = 0.9;
/** A run is flagged when this share of its measured seconds had a saturated worker: more than a GC or scheduler blip, enough to skew the summary. */
export const CLIENT_BOUND_SECONDS_SHARE = 0.25;
/** Nor from fewer saturated seconds than this (unless the run is shorter): one descheduled second on a shared machine is noise. */
export const MIN_SATURATED_SECONDS = 2;
/** CPU this far (percentage points) below the loop's busy share means the worker waited for a core, not for work. */
const CPU_STARVED_GAP_POINTS = 25;

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

interface WorkerFindings {
  worker: number;
  saturatedSeconds: number;
  cpuPercent: number[];
  elu: number[];
  maxDelayUs: number;
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
  let saturatedSeconds = 0;
  let peakCpu = 0;
  let peakElu = 0;
  let peakDelayUs = 0;
  for (const second of measured) {
    let anySaturated = false;
    for (const t of second) {
      peakCpu = Math.max(peakCpu, t.cpuPercent);
      peakElu = Math.max(peakElu, t.eventLoopUtilization);
      peakDelayUs = Math.max(peakDelayUs, t.eventLoopDelayP99Us);
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
  }
  const total = measured.length;
  const threshold = Math.max(
    Math.min(total, MIN_SATURATED_SECONDS),
    Math.ceil(total * CLIENT_BOUND_SECONDS_SHARE),
  );
  const peaks = `workers peaked at ${fmtPercent(peakCpu)} CPU, event-loop utilisation ${fmtElu(peakElu)}, event-loop delay p99 ${fmtDelay(peakDelayUs)}`;
  if (saturatedSeconds >= threshold) {
    // Most-saturated workers first; name at most three to keep the sentence readable.
    const workers = [...byWorker.values()].sort(
      (a, b) => b.saturatedSeconds - a.saturatedSeconds || a.worker - b.worker,
    );
    const named = workers.slice(0, 3).map((f) => describeWorker(f, total));
    const more =
      workers.length > 3 ? `; ${workers.length - 3} more workers were saturated too` : '';
    const inAll =
      workers.length > 1
        ? `a worker was saturated in ${saturatedSeconds} of ${total} measured seconds: `
        : '';
    return {
      clientBound: true,
      clientBoundEvidence: `${inAll}${named.join('; ')}${more}; the client, not the server, limited this run`,
    };
  }
  const blips =
    saturatedSeconds > 0
      ? `a worker was saturated in only ${saturatedSeconds} of ${total} measured seconds (a run is flagged from ${threshold}); `
      : '';
  return {
    clientBound: false,
    clientBoundEvidence: `${blips}${peaks}: the client had headroom`,
  };
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function fmtPercent(value: number): string {
  return `${Math.round(value)}%`;
}

function fmtElu(value: number): string {
  return value.toFixed(2);
}

function fmtDelay(us: number): string {
  return us >= 10_000 ? `${Math.round(us / 1000)} ms` : `${(us / 1000).toFixed(1)} ms`;
}
