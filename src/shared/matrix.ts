// Test matrices (servers x sizes x index profiles x workloads x concurrency x policies x repeats)
// and the campaigns that run them: the types the runner, the store, the CLI and the UI share.
import type { LabKind, LabLoadMethod, LabShape } from './labTypes.ts';
import type { ConnectionPolicy, LatencySummary, WorkloadId } from './types.ts';
import type { RunAgentsRequest } from './agentTypes.ts';
import type { ServerSetMode } from './serverSetTypes.ts';

/**
 * Where a matrix's cells run: a lab DirBench builds at each size, or a saved target as it is, or a
 * target group (`{"targets": [...]}` in a file; stored as the first id and `moreTargetIds`) whose
 * servers share each run's connections as `serverSet` says.
 */
export type MatrixServer =
  | {
      lab: LabKind;
      /** Consumers replicating from the lab; its runs report their lag. */
      replicas?: number;
    }
  | { targetId: string; moreTargetIds?: string[]; serverSet?: ServerSetMode };

/** A test matrix as the user defines, saves, imports and exports it (JSON). */
export interface MatrixSpec {
  /** `builtin/NAME` for the ones in data/matrices, `user/NAME` once saved; absent for unsaved ones. */
  id?: string;
  name: string;
  description?: string;
  servers: MatrixServer[];
  /** Directory sizes (entries) of the lab servers; saved targets run at whatever size they hold. */
  sizes: number[];
  /** Index profiles the labs are built with (data/index-profiles.json names, or custom `attr:types;...`). */
  indexProfiles: string[];
  /** Shape of the generated directory for every lab of the matrix; defaults to `salford`. */
  shape?: LabShape;
  /** How labs are loaded; defaults to the server's offline bulk loader. */
  load?: LabLoadMethod;
  workloads: WorkloadId[];
  /** Client connections (concurrency levels). */
  connections: number[];
  /** Outstanding requests per connection; defaults to 1. */
  depth?: number;
  /** Connection policies; defaults to persistent connections only. */
  policies?: ConnectionPolicy[];
  /** Times each combination is measured, for confidence intervals; at least 1. */
  repeats: number;
  warmupS: number;
  durationS: number;
  /** Seed of the generated data and the value patterns; defaults to 1. */
  seed?: number;
  /**
   * Run each catalog workload at its study's own concurrency (connections x depth, as the catalog
   * says) instead of the connections axis and depth; workloads without one use the axis.
   */
  studyConcurrency?: boolean;
  /** Pool size for workloads that delete or rename entries they add first (their catalog's by default). */
  poolEntries?: number;
  /** Thresholds every cell's run is checked against, beside its workload's own (`p99<5ms`). */
  thresholds?: string[];
  /** Every cell's load from these agents (as a run request's `agents`); absent: from this machine. */
  agents?: RunAgentsRequest;
}

/** One combination of a matrix's axes: one run. */
export interface MatrixCell {
  /** Position in run order (0-based). */
  index: number;
  server: MatrixServer;
  /** Entries of the lab; null for a saved target. */
  entries: number | null;
  /** Index profile of the lab; null for a saved target. */
  indexProfile: string | null;
  workload: WorkloadId;
  connections: number;
  /** Outstanding requests per connection (the matrix's depth, or the study's with studyConcurrency). */
  depth?: number;
  policy: ConnectionPolicy;
  /** 1-based repeat number. */
  repeat: number;
}

/** A saved or built-in matrix in the list. */
export interface MatrixListItem {
  id: string;
  name: string;
  description: string;
  builtin: boolean;
  cells: number;
  estimatedS: number;
}

/** What `matrix/check` answers: the normalized matrix, its cells in run order and the time it will take. */
export interface MatrixCheck {
  spec: MatrixSpec;
  cells: MatrixCell[];
  /** Labs the runner will build (one per server kind x index profile x size). */
  labBuilds: number;
  /** Estimated seconds: measured time of every cell plus lab builds, from this machine's load rates. */
  estimatedS: number;
}

/** Life-cycle of a campaign; `interrupted` means the host died while it ran (resume picks it up). */
export type CampaignStatus =
  'running' | 'paused' | 'completed' | 'cancelled' | 'failed' | 'interrupted';

/** Where one cell of a campaign stands. */
export type CellStatus = 'pending' | 'running' | 'done' | 'failed';

/** A cell of a campaign with its outcome. */
export interface CampaignCell extends MatrixCell {
  status: CellStatus;
  runId: string | null;
  /** Why the cell failed (lab build, run error), in words. */
  error: string | null;
  opsPerSec: number | null;
  latencyUs: LatencySummary | null;
  /** Thresholds the cell's run breached; null when it had none or its run did not complete. */
  thresholdsBreached?: number | null;
}

/** A campaign in the list. */
export interface CampaignListItem {
  id: string;
  name: string;
  status: CampaignStatus;
  cellsTotal: number;
  cellsDone: number;
  cellsFailed: number;
  createdAt: string;
  endedAt: string | null;
}

/** A campaign with its matrix and every cell. */
export interface CampaignDetail extends CampaignListItem {
  spec: MatrixSpec;
  cells: CampaignCell[];
  /** Why the campaign ended early, in words. */
  error: string | null;
}

/** Live progress of the campaign in progress, pushed once per step and once per second. */
export interface CampaignProgress {
  campaignId: string;
  status: CampaignStatus;
  /** Index of the cell being prepared or measured; null between cells. */
  currentCell: number | null;
  /** What the runner is doing now, e.g. "Loading 100,000 entries into OpenLDAP". */
  activity: string;
  cellsDone: number;
  cellsFailed: number;
  cellsTotal: number;
  /** Estimated seconds left, lab builds and loads included; null when nothing runs (paused, ended). */
  etaS: number | null;
  /** The part of `etaS` spent building and loading labs (absent or null: not known). */
  etaLabsS?: number | null;
  /** Id of the run of the current cell, to follow it live. */
  runId: string | null;
}
