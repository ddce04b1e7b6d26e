// Campaigns (a matrix being or having been run) and their cells; each cell's run is linked both
// ways (campaign_cells.run_id, runs.campaign_id/cell_index) so history and compare can find it.
import { ApiError } from '../../shared/errors.ts';
import type {
  CampaignCell,
  CampaignDetail,
  CampaignListItem,
  CampaignStatus,
  CellStatus,
  MatrixCell,
  MatrixSpec,
} from '../../shared/matrix.ts';
import type { LatencySummary } from '../../shared/types.ts';
import type { Db } from './database.ts';
import { nowIso } from './ids.ts';

interface CampaignRow {
  id: string;
  name: string;
  spec_json: string;
  status: string;
  error: string | null;
  owner_pid: number | null;
  created_at: string;
  ended_at: string | null;
  cells_total: number;
  cells_done: number;
  cells_failed: number;
}

interface CellRow {
  cell_json: string;
  status: string;
  run_id: string | null;
  error: string | null;
  ops_per_sec: number | null;
  latency_json: string | null;
  thresholds_breached: number | null;
}

/** Statuses a campaign ends in; the others may still change. */
const ENDED: readonly CampaignStatus[] = ['completed', 'cancelled', 'failed'];

const LIST_SELECT = `SELECT c.*,
    (SELECT count(*) FROM campaign_cells x WHERE x.campaign_id = c.id) AS cells_total,
    (SELECT count(*) FROM campaign_cells x WHERE x.campaign_id = c.id AND x.status = 'done') AS cells_done,
    (SELECT count(*) FROM campaign_cells x WHERE x.campaign_id = c.id AND x.status = 'failed') AS cells_failed
  FROM campaigns c`;

function toItem(row: CampaignRow): CampaignListItem {
  return {
    id: row.id,
    name: row.name,
    status: row.status as CampaignStatus,
    cellsTotal: row.cells_total,
    cellsDone: row.cells_done,
    cellsFailed: row.cells_failed,
    createdAt: row.created_at,
    endedAt: row.ended_at,
  };
}

function toCell(row: CellRow): CampaignCell {
  return {
    ...(JSON.parse(row.cell_json) as MatrixCell),
    status: row.status as CellStatus,
    runId: row.run_id,
    error: row.error,
    opsPerSec: row.ops_per_sec,
    latencyUs: row.latency_json === null ? null : (JSON.parse(row.latency_json) as LatencySummary),
    thresholdsBreached: row.thresholds_breached,
  };
}

/** Reads and writes campaigns and campaign_cells. */
export class CampaignsRepo {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Records a new campaign owned by this process, running, with every cell pending. */
  create(id: string, spec: MatrixSpec, cells: readonly MatrixCell[]): void {
    const insertCell = this.db.prepare(
      `INSERT INTO campaign_cells (campaign_id, cell_index, cell_json, status) VALUES (?, ?, ?, 'pending')`,
    );
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO campaigns (id, name, spec_json, status, owner_pid, created_at) VALUES (?, ?, ?, 'running', ?, ?)`,
        )
        .run(id, spec.name, JSON.stringify(spec), process.pid, nowIso());
      for (const cell of cells) insertCell.run(id, cell.index, JSON.stringify(cell));
    })();
  }

  /** Campaigns, newest first. */
  list(limit = 1000): CampaignListItem[] {
    const rows = this.db
      .prepare(`${LIST_SELECT} ORDER BY c.created_at DESC LIMIT ?`)
      .all(limit) as CampaignRow[];
    return rows.map(toItem);
  }

  /** A campaign with its matrix and every cell's outcome (ops/s and latency from its run). */
  get(id: string): CampaignDetail {
    const row = this.db.prepare(`${LIST_SELECT} WHERE c.id = ?`).get(id) as CampaignRow | undefined;
    if (row === undefined) {
      throw new ApiError('not-found', `no campaign with id ${id}`, 'campaignId', {
        subject: 'campaign',
      });
    }
    const cells = this.db
      .prepare(
        `SELECT c.cell_json, c.status, c.run_id, c.error, r.ops_per_sec, r.thresholds_breached,
           json_extract(r.summary_json, '$.latencyUs') AS latency_json
         FROM campaign_cells c LEFT JOIN runs r ON r.id = c.run_id
         WHERE c.campaign_id = ? ORDER BY c.cell_index`,
      )
      .all(id) as CellRow[];
    return {
      ...toItem(row),
      spec: JSON.parse(row.spec_json) as MatrixSpec,
      cells: cells.map(toCell),
      error: row.error,
    };
  }

  /** Moves a campaign to `status`; ended statuses stamp the end time, others clear it. */
  setStatus(id: string, status: CampaignStatus, error: string | null = null): void {
    this.db
      .prepare('UPDATE campaigns SET status = ?, error = ?, ended_at = ? WHERE id = ?')
      .run(status, error, ENDED.includes(status) ? nowIso() : null, id);
  }

  /** Makes this process the campaign's owner again (resuming after an interruption). */
  claim(id: string): void {
    this.db
      .prepare(
        `UPDATE campaigns SET owner_pid = ?, status = 'running', error = NULL, ended_at = NULL WHERE id = ?`,
      )
      .run(process.pid, id);
  }

  /** Sets a cell's status, run and failure reason. */
  setCell(
    campaignId: string,
    index: number,
    status: CellStatus,
    runId: string | null,
    error: string | null,
  ): void {
    this.db
      .prepare(
        'UPDATE campaign_cells SET status = ?, run_id = ?, error = ? WHERE campaign_id = ? AND cell_index = ?',
      )
      .run(status, runId, error, campaignId, index);
  }

  /** Marks a run as the measurement of a campaign cell (runs.campaign_id / cell_index). */
  linkRun(runId: string, campaignId: string, index: number): void {
    this.db
      .prepare('UPDATE runs SET campaign_id = ?, cell_index = ? WHERE id = ?')
      .run(campaignId, index, runId);
  }

  /** Puts a cell that was running back to pending; its unfinished run no longer counts for the campaign. */
  resetCell(campaignId: string, index: number): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          'UPDATE runs SET campaign_id = NULL, cell_index = NULL WHERE campaign_id = ? AND cell_index = ?',
        )
        .run(campaignId, index);
      this.setCell(campaignId, index, 'pending', null, null);
    })();
  }

  /**
   * Campaigns left running or paused by a process that is gone become interrupted, their running
   * cells pending again; returns their ids.
   */
  markInterrupted(isAlive: (pid: number) => boolean): string[] {
    const rows = this.db
      .prepare(`SELECT id, owner_pid FROM campaigns WHERE status IN ('running', 'paused')`)
      .all() as { id: string; owner_pid: number | null }[];
    const ids: string[] = [];
    for (const row of rows) {
      if (row.owner_pid !== null && row.owner_pid !== process.pid && isAlive(row.owner_pid))
        continue;
      const running = this.db
        .prepare(
          `SELECT cell_index FROM campaign_cells WHERE campaign_id = ? AND status = 'running'`,
        )
        .all(row.id) as { cell_index: number }[];
      for (const cell of running) this.resetCell(row.id, cell.cell_index);
      this.setStatus(
        row.id,
        'interrupted',
        'DirBench exited while the campaign ran; resume it to run the cells left',
      );
      ids.push(row.id);
    }
    return ids;
  }

  /** Deletes a campaign, its cells and the runs it made. */
  delete(id: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM runs WHERE campaign_id = ?').run(id);
      const { changes } = this.db.prepare('DELETE FROM campaigns WHERE id = ?').run(id);
      if (changes === 0) throw new ApiError('not-found', `no campaign with id ${id}`, 'campaignId');
    })();
  }
}
