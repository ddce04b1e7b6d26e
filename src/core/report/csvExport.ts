// CSV exports: one row per run (settings and figures) or one row per stored second.
import type { RunConfig, RunSummary } from '../../shared/types.ts';
import type { SelectedRun } from './compareRuns.ts';
import { parseColumn } from './compareRuns.ts';

type Cell = string | number | boolean | null | undefined;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(header: readonly string[], rows: readonly Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The latency figures both exports give, in microseconds, in the same order. */
const LATENCY_COLUMNS = ['p50Us', 'p90Us', 'p99Us', 'p999Us', 'maxUs', 'meanUs'] as const;

/** Columns of the run summaries export. */
export const SUMMARY_COLUMNS = [
  'runId',
  'startedAt',
  'status',
  'source',
  'target',
  'serverVendor',
  'serverVersion',
  'labKind',
  'indexProfile',
  'workload',
  'entries',
  'connections',
  'depth',
  'policy',
  'loadModel',
  'warmupS',
  'durationS',
  'campaignId',
  'repeat',
  'opsPerSec',
  'ops',
  'errors',
  ...LATENCY_COLUMNS,
  'timeToFullSpeedS',
  'clientBound',
] as const;

/** One row per run: its settings (the matrix axes) and its figures over the measured phase. */
export function summariesCsv(runs: readonly SelectedRun[]): string {
  return csv(
    SUMMARY_COLUMNS,
    runs.map(({ row, compare: r }) => {
      const config = parseColumn<Partial<RunConfig>>(row.config_json);
      const summary = parseColumn<RunSummary>(row.summary_json);
      const l = r.latencyUs;
      return [
        r.id,
        r.startedAt,
        r.status,
        r.source,
        r.targetName,
        r.serverVendor,
        r.serverVersion,
        r.labKind,
        r.indexProfile,
        r.workload,
        r.entries,
        r.connections,
        r.depth,
        r.policy,
        config?.loadModel,
        config?.warmupS,
        config?.durationS,
        r.campaignId,
        r.repeat,
        r.opsPerSec === null ? null : Number(r.opsPerSec.toFixed(3)),
        summary?.ops,
        r.errors,
        l?.p50,
        l?.p90,
        l?.p99,
        l?.p999,
        l?.max,
        l?.mean,
        r.timeToFullSpeedS,
        summary?.clientBound,
      ];
    }),
  );
}

/** Columns of the per-second export. */
export const SAMPLE_COLUMNS = [
  'runId',
  'second',
  'phase',
  'intervalMs',
  'ops',
  'opsPerSec',
  'errors',
  'entries',
  ...LATENCY_COLUMNS,
] as const;

/** One row per stored second of every run (warm-up and cool-down included, labelled by phase). */
export function samplesCsv(runs: readonly SelectedRun[]): string {
  return csv(
    SAMPLE_COLUMNS,
    runs.flatMap(({ row, samples }) =>
      samples.map((s) => [
        row.id,
        s.second,
        s.phase,
        s.interval_ms,
        s.ops,
        s.interval_ms > 0 ? Number(((s.ops * 1000) / s.interval_ms).toFixed(3)) : 0,
        s.errors,
        s.entries,
        s.p50_us,
        s.p90_us,
        s.p99_us,
        s.p999_us,
        s.max_us,
        s.mean_us,
      ]),
    ),
  );
}
