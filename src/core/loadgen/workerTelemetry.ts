// How busy this worker process is, measured once per shipped second: CPU, event-loop utilisation and delay, GC pauses.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ELDHistogram, EventLoopUtilization } from 'node:perf_hooks';
import type { WorkerTelemetry } from '../../shared/types.ts';
import { GcPauseTally, observeGcPauses } from './gcPauses.ts';

/** Event-loop delay sampling period: Node's default, about 100 samples a second for a p99. */
const DELAY_RESOLUTION_MS = 10;
/** Reads closer together than this (seconds shipped in one burst) share the previous reading. */
const MIN_SPAN_MS = 100;

/** Measures the worker's own load over the time since the previous reading; costs nothing per op. */
export class WorkerTelemetrySampler {
  private readonly worker: number;
  private readonly outstanding: () => number;
  private readonly delay: ELDHistogram;
  private readonly gc = new GcPauseTally();
  private readonly stopGc: () => void;
  private lastMs: number;
  private lastCpu: NodeJS.CpuUsage;
  private lastElu: EventLoopUtilization;
  private last: WorkerTelemetry | null = null;

  /** `worker` is the 1-based worker number; `outstanding` counts requests sent and not yet answered. */
  constructor(worker: number, outstanding: () => number) {
    this.worker = worker;
    this.outstanding = outstanding;
    this.delay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
    this.delay.enable();
    this.stopGc = observeGcPauses(this.gc);
    this.lastMs = performance.now();
    this.lastCpu = process.cpuUsage();
    this.lastElu = performance.eventLoopUtilization();
  }

  /** The figures since the previous call (or since construction), then starts a new span. */
  take(): WorkerTelemetry {
    const nowMs = performance.now();
    const spanMs = nowMs - this.lastMs;
    // Several seconds shipped at once (the loop was blocked) all describe the same span.
    if (this.last !== null && spanMs < MIN_SPAN_MS) {
      return { ...this.last, outstanding: this.outstanding() };
    }
    // One reading of each counter serves as both this span's end and the next one's start.
    const cpuNow = process.cpuUsage();
    const eluNow = performance.eventLoopUtilization();
    const cpuUs = cpuNow.user - this.lastCpu.user + (cpuNow.system - this.lastCpu.system);
    const elu = performance.eventLoopUtilization(eluNow, this.lastElu);
    // The histogram holds whole timer periods; the lateness beyond the period is the delay.
    // Reset loses the one period spanning it (Node restarts its delta there): 1 sample in ~100.
    // No whole period in the span: the loop never got back to the timer, so it was late all along.
    const delayNs = this.delay.count > 0 ? this.delay.percentile(99) : spanMs * 1e6;
    const delayUs = Math.max(0, Math.round(delayNs / 1000) - DELAY_RESOLUTION_MS * 1000);
    this.delay.reset();
    this.lastMs = nowMs;
    this.lastCpu = cpuNow;
    this.lastElu = eluNow;
    const reading: WorkerTelemetry = {
      worker: this.worker,
      cpuPercent: spanMs > 0 ? round1((cpuUs / 1000 / spanMs) * 100) : 0,
      eventLoopUtilization: Math.round(Math.min(1, Math.max(0, elu.utilization)) * 1000) / 1000,
      eventLoopDelayP99Us: delayUs,
      outstanding: this.outstanding(),
      ...this.gc.take(spanMs),
    };
    this.last = reading;
    return reading;
  }

  /** Stops the delay monitor (its native timer) and the GC observer. */
  stop(): void {
    this.delay.disable();
    this.stopGc();
  }
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
