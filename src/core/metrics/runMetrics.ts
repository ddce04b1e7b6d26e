// One run's metrics as its live events arrive: counters summed over its seconds, the histogram per
// operation label and phase, and the last second's telemetry gauges.
import type { ActiveRun, LatencySummary, RunSample } from '../../shared/types.ts';
import { workloadLabels } from '../../shared/workload.ts';
import { addSecond, emptyHistogram } from './latencyBuckets.ts';
import type { LatencyHistogram } from './latencyBuckets.ts';
import type { FamilyKey } from './metricCatalog.ts';
import type { LabelPair } from './openMetrics.ts';

/** The label of errors a mix's seconds count without an operation (a reconnect that failed, say). */
export const CONNECTION_LABEL = '(connection)';

/** A series: its labels (after the run's own) and value. */
export interface Series {
  labels: readonly LabelPair[];
  value: number;
}

/** A histogram series: its labels (after the run's own) and buckets. */
export interface HistogramSeries {
  labels: readonly LabelPair[];
  histogram: LatencyHistogram;
}

/** Series of one family, keyed by their label values. */
type SeriesTable = Map<string, Series>;

const keyOf = (labels: readonly LabelPair[]): string => labels.map(([, v]) => v).join('\u0000');

/** One operation label's share of a second, whether from a mix's breakdown or a single-label second. */
interface LabelSecond {
  ops: number;
  errorsByCode: Record<string, number>;
  entries: number;
  latencyUs: LatencySummary;
}

/** The metrics of one run. */
export class RunMetrics {
  readonly runId: string;
  /** `run`, `target`, `workload`: on every series of this run. */
  readonly runLabels: readonly LabelPair[];
  /** The run's settings, for `dirbench_run_info`. */
  readonly infoLabels: readonly LabelPair[];
  /** Open-model runs expose behind-schedule and scheduled counts from their start. */
  readonly openModel: boolean;
  active = true;
  /** When the run ended (ms since the epoch), null while it is active. */
  endedAtMs: number | null = null;
  /** Seconds of load so far. */
  elapsedS = 0;
  private readonly singleLabel: string;
  private readonly counters = new Map<FamilyKey, SeriesTable>();
  private readonly histograms = new Map<string, HistogramSeries>();
  private gauges = new Map<FamilyKey, Series[]>();

  constructor(active: ActiveRun) {
    const { config } = active;
    this.runId = active.runId;
    this.runLabels = [
      ['run', active.runId],
      ['target', config.targetName],
      ['workload', config.workload],
    ];
    this.openModel = config.loadModel === 'open';
    this.infoLabels = [
      ...this.runLabels,
      ['url', config.url],
      ['model', config.loadModel],
      ['policy', config.connectionPolicy.kind],
      ['connections', String(config.connections)],
      ['depth', String(config.depth)],
      ['started_at', active.startedAt],
    ];
    this.singleLabel = workloadLabels(config.workloadSpec)[0] ?? config.workload;
    if (this.openModel) {
      for (const phase of ['warmup', 'measured', 'cooldown'] as const) {
        this.count('behindSchedule', [['phase', phase]], 0);
        this.count('scheduled', [['phase', phase]], 0);
      }
    }
  }

  /** Adds one merged second of the run. */
  addSample(sample: RunSample): void {
    this.elapsedS = Math.max(this.elapsedS, sample.second + sample.intervalMs / 1000);
    const phase: LabelPair = ['phase', sample.phase];
    for (const [label, second] of this.labelSeconds(sample)) {
      const labels: LabelPair[] = [['label', label], phase];
      this.count('operations', labels, second.ops);
      this.count('entries', labels, second.entries);
      for (const [code, n] of Object.entries(second.errorsByCode)) {
        this.count('errors', [...labels, ['code', code]], n);
      }
      if (second.ops > 0) addSecond(this.histogramOf(labels), second.latencyUs, second.ops);
    }
    const perRun: [FamilyKey, number | undefined][] = [
      ['behindSchedule', sample.behindSchedule],
      ['scheduled', sample.scheduledOps],
      ['connectionsOpened', sample.connectionsOpened],
      ['connectionsClosed', sample.connectionsClosed],
      ['reconnects', sample.reconnects],
      ['sentBytes', sample.bytesSent],
      ['receivedBytes', sample.bytesReceived],
    ];
    for (const [family, value] of perRun) {
      if (value !== undefined) this.count(family, [phase], value);
    }
    this.gauges = telemetryGauges(sample);
  }

  /** The series of a counter family (or the gauges of the last second). */
  series(family: FamilyKey): readonly Series[] {
    return [...(this.counters.get(family)?.values() ?? []), ...(this.gauges.get(family) ?? [])];
  }

  /** The latency histogram series, in the order they first had operations. */
  latencySeries(): readonly HistogramSeries[] {
    return [...this.histograms.values()];
  }

  /** Marks the run ended at `nowMs`; its last values stay until it is dropped. */
  end(nowMs: number): void {
    this.active = false;
    this.endedAtMs = nowMs;
    this.gauges = new Map();
  }

  /** Each operation label's share of a second: a mix's breakdown, or the whole second under the workload's one label. */
  private labelSeconds(sample: RunSample): [string, LabelSecond][] {
    if (sample.operations === undefined) return [[this.singleLabel, sample]];
    const seconds: [string, LabelSecond][] = Object.entries(sample.operations);
    // Errors counted under no label (reconnect attempts) are the second's errors the labels lack.
    const unlabelled: Record<string, number> = {};
    for (const [code, n] of Object.entries(sample.errorsByCode)) {
      const labelled = seconds.reduce((sum, [, s]) => sum + (s.errorsByCode[code] ?? 0), 0);
      if (n > labelled) unlabelled[code] = n - labelled;
    }
    if (Object.keys(unlabelled).length > 0) {
      seconds.push([
        CONNECTION_LABEL,
        { ops: 0, entries: 0, errorsByCode: unlabelled, latencyUs: sample.latencyUs },
      ]);
    }
    return seconds;
  }

  private count(family: FamilyKey, labels: readonly LabelPair[], delta: number): void {
    let table = this.counters.get(family);
    if (table === undefined) {
      table = new Map();
      this.counters.set(family, table);
    }
    const key = keyOf(labels);
    const series = table.get(key);
    if (series === undefined) table.set(key, { labels, value: delta });
    else series.value += delta;
  }

  private histogramOf(labels: readonly LabelPair[]): LatencyHistogram {
    const key = keyOf(labels);
    let series = this.histograms.get(key);
    if (series === undefined) {
      series = { labels, histogram: emptyHistogram() };
      this.histograms.set(key, series);
    }
    return series.histogram;
  }
}

/** The last second's client and lab-server telemetry as gauge series (a worker label per worker). */
function telemetryGauges(sample: RunSample): Map<FamilyKey, Series[]> {
  const gauges = new Map<FamilyKey, Series[]>();
  const put = (family: FamilyKey, labels: readonly LabelPair[], value: number | undefined) => {
    if (value === undefined || !Number.isFinite(value)) return;
    const list = gauges.get(family) ?? [];
    // Percent-to-ratio division leaves float noise (0.29100000000000004); 12 digits keep every figure.
    list.push({ labels, value: Number(value.toPrecision(12)) });
    gauges.set(family, list);
  };
  for (const worker of sample.workers ?? []) {
    const labels: LabelPair[] = [['worker', String(worker.worker)]];
    put('clientCpu', labels, worker.cpuPercent / 100);
    put('eventLoopUtilization', labels, worker.eventLoopUtilization);
    put('eventLoopDelay', labels, worker.eventLoopDelayP99Us / 1e6);
    put('outstanding', labels, worker.outstanding);
    put('gcPause', labels, worker.gcPauseMs === undefined ? undefined : worker.gcPauseMs / 1000);
  }
  if (sample.server !== undefined) {
    put('serverCpu', [], sample.server.cpuPercent / 100);
    put('serverRss', [], sample.server.rssMb * 1024 * 1024);
  }
  return gauges;
}
