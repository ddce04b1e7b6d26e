// The load worker's garbage-collection pauses, summed per telemetry span from perf_hooks 'gc' entries.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import type { NodeGCPerformanceDetail, PerformanceEntry } from 'node:perf_hooks';

/** GC figures of one span, each scaled to one second of wall time like cpuPercent. */
export interface GcPausesPerSecond {
  /** Milliseconds of GC pause per 1000 ms of wall time. */
  gcPauseMs: number;
  /** Collections (minor and major) per second. */
  gcCount: number;
  /** Major (mark-compact) collections per second. */
  majorGcCount: number;
}

const MINOR_KINDS = new Set([
  constants.NODE_PERFORMANCE_GC_MINOR,
  constants.NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP,
]);

/**
 * Sums the pauses V8 reports to Node. Each 'gc' entry is one stop of the main thread: a scavenge, a
 * mark-compact's final pause, or the start of incremental marking or weak-callback processing
 * (these two add pause time but are not collections of their own). Incremental marking steps
 * taken between collections are not reported by V8 and so are not counted.
 */
export class GcPauseTally {
  private pauseMs = 0;
  private collections = 0;
  private majors = 0;

  /** Adds one entry: its kind (perf_hooks.constants.NODE_PERFORMANCE_GC_*) and duration. */
  add(kind: number, durationMs: number): void {
    this.pauseMs += durationMs;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      this.collections++;
      this.majors++;
    } else if (MINOR_KINDS.has(kind)) {
      this.collections++;
    }
  }

  /** The figures since the previous call, scaled from a span of `spanMs` to one second; then starts over. */
  take(spanMs: number): GcPausesPerSecond {
    const perSecond = spanMs > 0 ? 1000 / spanMs : 0;
    const figures = {
      // A pause cannot exceed the span it happened in; the cap absorbs entries delivered late.
      gcPauseMs: Math.min(1000, Math.round(this.pauseMs * perSecond * 10) / 10),
      gcCount: Math.round(this.collections * perSecond),
      majorGcCount: Math.round(this.majors * perSecond),
    };
    this.pauseMs = 0;
    this.collections = 0;
    this.majors = 0;
    return figures;
  }
}

/**
 * Feeds every GC of this process into `tally` until the returned function is called. Node queues
 * the entries just after each collection, so one that ends within a few ms of a span's end is
 * counted in the next span.
 */
export function observeGcPauses(tally: GcPauseTally): () => void {
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      tally.add(gcKind(entry), entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}

/** The kind of collection a 'gc' entry reports (its `detail`, which Node's typings leave off the base entry). */
export function gcKind(entry: PerformanceEntry): number {
  const { detail } = entry as PerformanceEntry & { detail?: NodeGCPerformanceDetail };
  return detail?.kind ?? -1;
}
