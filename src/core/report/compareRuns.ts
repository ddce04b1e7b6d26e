// `compare/runs`: stored runs reduced to the axes and figures the compare charts and reports draw.
import type { CompareRun, CompareSecond } from '../../shared/compare.ts';
import { policyToken } from '../../shared/describe.ts';
import type { ExportSelection } from '../../shared/exchange.ts';
import type { RunSource } from '../../shared/history.ts';
import type {
  ConnectionPolicy,
  RunConfig,
  RunEnvironment,
  RunStatus,
  RunSummary,
} from '../../shared/types.ts';
import { timeToFullSpeedS } from '../runner/timeToFullSpeed.ts';
import { selectRunRows, selectSampleRows } from '../store/compareQueries.ts';
import type { CompareRunRow, CompareSampleRow } from '../store/compareQueries.ts';
import type { Db } from '../store/database.ts';
import { percentileCurve } from './percentileCurve.ts';

/** Parses a stored JSON column; null when absent or damaged. */
export function parseColumn<T>(json: string | null): T | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    // A damaged JSON column leaves that part out rather than failing the whole comparison.
    return null;
  }
}

function repeatOf(row: CompareRunRow): number | null {
  const cell = parseColumn<{ repeat?: unknown }>(row.cell_json);
  return typeof cell?.repeat === 'number' ? cell.repeat : null;
}

function secondsOf(samples: readonly CompareSampleRow[], measured: boolean): CompareSecond[] {
  return samples.map((s) => ({
    second: s.second,
    phase: s.phase as CompareSecond['phase'],
    opsPerSec: s.interval_ms > 0 ? (s.ops * 1000) / s.interval_ms : 0,
    p50Us: measured ? s.p50_us : null,
    p99Us: measured ? s.p99_us : null,
  }));
}

/** As the run recorded it, else from its seconds the way the runner computes it (full seconds before cool-down). */
function fullSpeedS(
  summary: RunSummary | null,
  samples: readonly CompareSampleRow[],
): number | null {
  if (summary?.timeToFullSpeedS !== undefined) return summary.timeToFullSpeedS;
  const rates = samples
    .filter((s) => s.phase !== 'cooldown' && s.interval_ms === 1000)
    .map((s) => s.ops);
  return timeToFullSpeedS(rates);
}

/** The load model as compare labels word it; open runs at different rates are different settings. */
function loadModelText(config: Partial<RunConfig> | null): string {
  if (config?.loadModel !== 'open') return 'closed';
  if (config.rateProfile) return `open, rate profile of ${config.rateProfile.length} steps`;
  return `open ${(config.targetOpsPerSec ?? 0).toLocaleString('en-US')} ops/s`;
}

/** One stored run as the compare charts see it. */
export function toCompareRun(row: CompareRunRow, samples: readonly CompareSampleRow[]): CompareRun {
  const config = parseColumn<Partial<RunConfig>>(row.config_json);
  const environment = parseColumn<Partial<RunEnvironment>>(row.environment_json);
  const summary = parseColumn<RunSummary>(row.summary_json);
  const lab = environment?.lab ?? null;
  const rootDse = environment?.rootDse ?? null;
  const policy: ConnectionPolicy = config?.connectionPolicy ?? { kind: 'persistent' };
  // Imported runs carry their tool's mean with zeroed percentiles and empty histograms: no latency here.
  const measured = row.source === 'dirbench';
  return {
    id: row.id,
    source: row.source as RunSource,
    status: row.status as RunStatus,
    startedAt: row.started_at,
    targetName: row.target_name,
    serverVendor: row.server_vendor ?? rootDse?.vendorName ?? null,
    serverVersion: row.server_version ?? rootDse?.vendorVersion ?? lab?.serverVersion ?? null,
    labKind: lab?.kind ?? null,
    indexProfile: lab ? (lab.indexProfileName ?? lab.indexProfile) : null,
    workload: row.workload,
    entries: row.entries,
    connections: row.connections,
    depth: row.depth,
    policy: policyToken(policy),
    loadModel: loadModelText(config),
    campaignId: row.campaign_id,
    repeat: row.campaign_id === null ? null : repeatOf(row),
    opsPerSec: summary?.opsPerSec ?? null,
    latencyUs: measured ? (summary?.latencyUs ?? null) : null,
    ops: summary?.ops ?? null,
    errors: summary?.errors ?? samples.reduce((n, s) => n + s.errors, 0),
    timeToFullSpeedS: fullSpeedS(summary, samples),
    seconds: secondsOf(samples, measured),
    percentiles: measured ? percentileCurve(row.histogram) : [],
  };
}

/** A selected run: its stored row and seconds, and what the compare charts make of them. */
export interface SelectedRun {
  row: CompareRunRow;
  samples: CompareSampleRow[];
  compare: CompareRun;
}

/** The runs of a selection (named runs in the order given, or a campaign's in cell order). */
export function selectRuns(
  db: Db,
  selection: ExportSelection,
  withHistograms = false,
): SelectedRun[] {
  const rows = selectRunRows(db, selection);
  const samples = selectSampleRows(
    db,
    rows.map((r) => r.id),
    withHistograms,
  );
  return rows.map((row) => {
    const seconds = samples.get(row.id) ?? [];
    return { row, samples: seconds, compare: toCompareRun(row, seconds) };
  });
}

/** `compare/runs`: the selection as compare runs. */
export function compareRuns(db: Db, selection: ExportSelection): CompareRun[] {
  return selectRuns(db, selection).map((s) => s.compare);
}
