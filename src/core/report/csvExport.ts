// CSV exports: one row per run (settings and figures) or one row per stored second.
import type { CompareRun } from '../../shared/compare.ts';
import type { RunConfig, RunSummary } from '../../shared/types.ts';
import type { SampleRow } from '../store/runRows.ts';
import type { SelectedRun } from './compareRuns.ts';
import { parseColumn } from './compareRuns.ts';

type Cell = string | number | boolean | null | undefined;

/** A CSV column: its header and how a row gives its value. */
type Column<Row> = readonly [header: string, cell: (row: Row) => Cell];

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const lines = [
    columns.map(([header]) => header),
    ...rows.map((row) => columns.map(([, cell]) => cell(row))),
  ];
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The latency figures both exports give (header `${name}Us`, in microseconds), in the same order. */
const LATENCY_FIGURES = ['p50', 'p90', 'p99', 'p999', 'max', 'mean'] as const;

/** What a run summary row is read from: the compared run and its stored settings and summary. */
interface SummaryRow {
  run: CompareRun;
  config: Partial<RunConfig> | null;
  summary: RunSummary | null;
}

/** The compared run's fields that are one value (not lists). */
type RunField = {
  [K in keyof CompareRun]: CompareRun[K] extends Cell ? K : never;
}[keyof CompareRun];

/** A column holding the compared run's field of the same name. */
function runColumn(key: RunField): Column<SummaryRow> {
  return [key, ({ run }) => run[key]];
}

/** Columns of the run summaries export: a run's settings (the matrix axes) and its figures over the measured phase. */
const SUMMARY_COLUMNS: readonly Column<SummaryRow>[] = [
  ['runId', ({ run }) => run.id],
  runColumn('startedAt'),
  runColumn('status'),
  runColumn('source'),
  ['target', ({ run }) => run.targetName],
  runColumn('serverVendor'),
  runColumn('serverVersion'),
  runColumn('labKind'),
  runColumn('indexProfile'),
  runColumn('workload'),
  runColumn('entries'),
  runColumn('connections'),
  runColumn('depth'),
  runColumn('policy'),
  ['loadModel', ({ config }) => config?.loadModel],
  ['warmupS', ({ config }) => config?.warmupS],
  ['durationS', ({ config }) => config?.durationS],
  runColumn('campaignId'),
  runColumn('repeat'),
  ['opsPerSec', ({ run }) => (run.opsPerSec === null ? null : Number(run.opsPerSec.toFixed(3)))],
  ['ops', ({ summary }) => summary?.ops],
  runColumn('errors'),
  ...LATENCY_FIGURES.map((f): Column<SummaryRow> => [`${f}Us`, ({ run }) => run.latencyUs?.[f]]),
  runColumn('timeToFullSpeedS'),
  ['clientBound', ({ summary }) => summary?.clientBound],
];

/** One row per run: its settings (the matrix axes) and its figures over the measured phase. */
export function summariesCsv(runs: readonly SelectedRun[]): string {
  return csv(
    SUMMARY_COLUMNS,
    runs.map(({ row, compare }) => ({
      run: compare,
      config: parseColumn<Partial<RunConfig>>(row.config_json),
      summary: parseColumn<RunSummary>(row.summary_json),
    })),
  );
}

/** What a per-second row is read from: the run's id and one stored second. */
interface SecondRow {
  runId: string;
  second: SampleRow;
}

/** Columns of the per-second export. */
const SAMPLE_COLUMNS: readonly Column<SecondRow>[] = [
  ['runId', ({ runId }) => runId],
  ['second', ({ second: s }) => s.second],
  ['phase', ({ second: s }) => s.phase],
  ['intervalMs', ({ second: s }) => s.interval_ms],
  ['ops', ({ second: s }) => s.ops],
  [
    'opsPerSec',
    ({ second: s }) =>
      s.interval_ms > 0 ? Number(((s.ops * 1000) / s.interval_ms).toFixed(3)) : 0,
  ],
  ['errors', ({ second: s }) => s.errors],
  ['entries', ({ second: s }) => s.entries],
  ...LATENCY_FIGURES.map((f): Column<SecondRow> => [`${f}Us`, ({ second: s }) => s[`${f}_us`]]),
];

/** One row per stored second of every run (warm-up and cool-down included, labelled by phase). */
export function samplesCsv(runs: readonly SelectedRun[]): string {
  return csv(
    SAMPLE_COLUMNS,
    runs.flatMap(({ row, samples }) => samples.map((second) => ({ runId: row.id, second }))),
  );
}
