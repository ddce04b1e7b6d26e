// The live metrics of a core's runs: fed its events, answers a scrape with OpenMetrics text.
import type { ApiEventMessage } from '../../shared/api.ts';
import { BUCKET_BOUNDS_US, leLabel } from './latencyBuckets.ts';
import { METRIC_CATALOG, valueSuffix } from './metricCatalog.ts';
import type { FamilyKey, FamilyMeta } from './metricCatalog.ts';
import { formatOpenMetrics } from './openMetrics.ts';
import type { LabelPair, MetricFamily, MetricSample } from './openMetrics.ts';
import { RunMetrics } from './runMetrics.ts';

/** How long an ended run's series stay, so the scrape after its last second still sees them. */
export const KEEP_ENDED_MS = 5 * 60_000;
/** Most ended runs kept at once (a campaign's cells end one after another). */
export const MAX_ENDED_RUNS = 20;

/** The histogram family's samples over every run: buckets, then count and sum, per label set. */
function latencySamples(runs: readonly RunMetrics[]): MetricSample[] {
  return runs.flatMap((run) =>
    run.latencySeries().flatMap(({ labels, histogram }) => {
      const base = [...run.runLabels, ...labels];
      const bucket = (le: string, value: number): MetricSample => ({
        suffix: '_bucket',
        labels: [...base, ['le', le]],
        value,
      });
      return [
        ...BUCKET_BOUNDS_US.map((bound, i) => bucket(leLabel(bound), histogram.buckets[i] ?? 0)),
        bucket('+Inf', histogram.count),
        { suffix: '_count', labels: base, value: histogram.count },
        { suffix: '_sum', labels: base, value: histogram.sumS },
      ];
    }),
  );
}

/** One family's samples over every run. */
function samplesOf(key: FamilyKey, meta: FamilyMeta, runs: readonly RunMetrics[]): MetricSample[] {
  const suffix = valueSuffix(meta.type);
  const one = (labels: readonly LabelPair[], value: number): MetricSample => ({
    suffix,
    labels,
    value,
  });
  switch (key) {
    case 'run':
      return runs.map((run) => one(run.infoLabels, 1));
    case 'active':
      return runs.map((run) => one(run.runLabels, run.active ? 1 : 0));
    case 'elapsed':
      return runs.map((run) => one(run.runLabels, run.elapsedS));
    case 'latency':
      return latencySamples(runs);
    default:
      return runs.flatMap((run) =>
        run.series(key).map((s) => one([...run.runLabels, ...s.labels], s.value)),
      );
  }
}

/** Every family, with the samples of these runs (families without samples keep their metadata). */
export function runFamilies(runs: readonly RunMetrics[]): MetricFamily[] {
  return (Object.entries(METRIC_CATALOG) as [FamilyKey, FamilyMeta][]).map(([key, meta]) => ({
    ...meta,
    samples: samplesOf(key, meta, runs),
  }));
}

/** The metrics of the runs a core reports by its live events. */
export class LiveMetrics {
  private readonly runs = new Map<string, RunMetrics>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Takes one live event (others than run events are ignored); never throws for a well-formed one. */
  observe(message: ApiEventMessage): void {
    switch (message.event) {
      case 'run/started':
        this.runs.set(message.payload.runId, new RunMetrics(message.payload.active));
        break;
      case 'run/sample':
        // A run started before these metrics existed has no settings to label it by: skipped.
        this.runs.get(message.payload.runId)?.addSample(message.payload.sample);
        break;
      case 'run/ended':
        this.runs.get(message.payload.runId)?.end(this.now());
        this.forgetOldRuns();
        break;
      default:
        break;
    }
  }

  /** True while some run is active. */
  anyActive(): boolean {
    return [...this.runs.values()].some((run) => run.active);
  }

  /** The scrape body: the active runs and those ended recently, in OpenMetrics text. */
  render(): string {
    this.forgetOldRuns();
    return formatOpenMetrics(runFamilies([...this.runs.values()]));
  }

  /** Drops ended runs older than KEEP_ENDED_MS, and the oldest past MAX_ENDED_RUNS. */
  private forgetOldRuns(): void {
    const nowMs = this.now();
    const ended = [...this.runs.values()]
      .filter((run) => run.endedAtMs !== null)
      .sort((a, b) => (b.endedAtMs ?? 0) - (a.endedAtMs ?? 0));
    ended.forEach((run, i) => {
      if (i >= MAX_ENDED_RUNS || nowMs - (run.endedAtMs ?? nowMs) > KEEP_ENDED_MS) {
        this.runs.delete(run.runId);
      }
    });
  }
}
