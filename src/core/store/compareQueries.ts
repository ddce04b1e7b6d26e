// Read-only queries behind compare charts and exports: the runs of a selection and their seconds.
import type { ExportSelection } from '../../shared/exchange.ts';
import { ApiError, invalid } from '../../shared/errors.ts';
import type { Db } from './database.ts';
import type { RunBaseRow, SampleRow } from './runRows.ts';

/** A stored run with what compare and exports read (JSON columns still encoded). */
export interface CompareRunRow extends RunBaseRow {
  end_reason: string | null;
  server_vendor: string | null;
  server_version: string | null;
  campaign_id: string | null;
  cell_index: number | null;
  config_json: string;
  environment_json: string;
  summary_json: string | null;
  histogram: Buffer | null;
  /** The campaign cell the run measured (its JSON), when the run belongs to one. */
  cell_json: string | null;
}

/** One stored second; `histogram` (compressed HdrHistogram bytes) only when asked for. */
export interface CompareSampleRow extends SampleRow {
  run_id: string;
  histogram?: Buffer;
}

const RUN_COLUMNS = `r.id, r.source, r.status, r.end_reason, r.started_at, r.ended_at, r.target_name,
  r.server_vendor, r.server_version, r.workload, r.entries, r.connections, r.depth, r.campaign_id,
  r.cell_index, r.config_json, r.environment_json, r.summary_json, r.histogram, c.cell_json`;

const CELL_JOIN = `LEFT JOIN campaign_cells c ON c.campaign_id = r.campaign_id AND c.cell_index = r.cell_index`;

/** Most runs one selection may name (SQLite's parameter limit is far above it). */
export const MAX_SELECTED_RUNS = 5000;

/** Checks a selection's shape, naming the field at fault. */
export function checkSelection(selection: ExportSelection): ExportSelection {
  if ('campaignId' in selection) {
    if (typeof selection.campaignId !== 'string' || selection.campaignId.trim() === '')
      throw invalid('campaignId', 'campaignId must be a campaign id; see "campaigns/list"');
    return { campaignId: selection.campaignId.trim() };
  }
  const ids = (selection as { runIds?: unknown }).runIds;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string'))
    throw invalid('runIds', 'runIds must list at least one run id', { subject: 'run' });
  if (ids.length > MAX_SELECTED_RUNS)
    throw invalid('runIds', `runIds may list at most ${MAX_SELECTED_RUNS} runs`);
  return { runIds: [...new Set(ids as string[])] };
}

/**
 * The runs of a selection: the named runs in the order given, or a campaign's runs in cell order.
 * Throws not-found naming `runIds` or `campaignId` when a run or the campaign does not exist.
 */
export function selectRunRows(db: Db, selection: ExportSelection): CompareRunRow[] {
  const checked = checkSelection(selection);
  if ('campaignId' in checked) {
    const campaign = db.prepare('SELECT id FROM campaigns WHERE id = ?').get(checked.campaignId);
    if (!campaign)
      throw new ApiError(
        'not-found',
        `no campaign with id ${checked.campaignId}; see "campaigns/list"`,
        'campaignId',
      );
    return db
      .prepare(
        `SELECT ${RUN_COLUMNS} FROM runs r ${CELL_JOIN} WHERE r.campaign_id = ?
         ORDER BY r.cell_index, r.started_at`,
      )
      .all(checked.campaignId) as CompareRunRow[];
  }
  const placeholders = checked.runIds.map(() => '?').join(', ');
  const rows = db
    .prepare(`SELECT ${RUN_COLUMNS} FROM runs r ${CELL_JOIN} WHERE r.id IN (${placeholders})`)
    .all(...checked.runIds) as CompareRunRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = checked.runIds.filter((id) => !byId.has(id));
  if (missing.length > 0)
    throw new ApiError('not-found', `no run with id ${missing.join(', ')}`, 'runIds', {
      subject: 'run',
    });
  return checked.runIds.map((id) => byId.get(id) as CompareRunRow);
}

/** Every stored second of the given runs, by run then second; histograms only for interval logs. */
export function selectSampleRows(
  db: Db,
  runIds: readonly string[],
  withHistograms = false,
): Map<string, CompareSampleRow[]> {
  const statement = db.prepare(
    `SELECT run_id, second, phase, interval_ms, ops, errors, entries, p50_us, p90_us, p99_us, p999_us,
       max_us, mean_us, errors_json, detail_json${withHistograms ? ', histogram' : ''} FROM run_samples WHERE run_id = ? ORDER BY second`,
  );
  const result = new Map<string, CompareSampleRow[]>();
  for (const id of runIds) result.set(id, statement.all(id) as CompareSampleRow[]);
  return result;
}

/** A campaign's name, or null when there is no such campaign. */
export function campaignName(db: Db, campaignId: string): string | null {
  const row = db.prepare('SELECT name FROM campaigns WHERE id = ?').get(campaignId) as
    { name: string } | undefined;
  return row?.name ?? null;
}
