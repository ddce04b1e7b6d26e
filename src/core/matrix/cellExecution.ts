// Runs one cell of a campaign: its lab (reused or built), its run (started, followed, awaited),
// its outcome recorded, and the lab's size checked after a workload that writes.
import type { ApiEventMessage } from '../../shared/api.ts';
import type { CampaignCell, CampaignDetail, CellStatus, MatrixSpec } from '../../shared/matrix.ts';
import type { RunRequest } from '../../shared/types.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import { traitsOf } from '../../shared/operations/registry.ts';
import type { RunService } from '../runs/runService.ts';
import type { CampaignsRepo } from '../store/campaignsRepo.ts';
import type { WorkloadLibrary } from '../workload/library.ts';
import type { CampaignProgressTracker } from './campaignProgress.ts';
import type { CampaignLabs } from './labForCell.ts';
import { describeCellServer } from './labForCell.ts';

/** The services a cell needs. */
export interface CellDeps {
  runService: RunService;
  campaigns: CampaignsRepo;
  workloads: WorkloadLibrary;
  emit: (message: ApiEventMessage) => void;
}

/** A campaign as the runner holds it while it is active (running or paused in this process). */
export interface ActiveCampaign {
  id: string;
  spec: MatrixSpec;
  cells: CampaignCell[];
  labs: CampaignLabs;
  progress: CampaignProgressTracker;
  /** Aborts a lab build in progress (cancel, shutdown). */
  abort: AbortController;
  pauseRequested: boolean;
  cancelRequested: boolean;
  shuttingDown: boolean;
  /** The run of the cell being measured. */
  runId: string | null;
  /** The loop while it runs; null once paused. */
  loop: Promise<void> | null;
}

/** A campaign made active: nothing asked of it yet, no run and no loop. */
export function activeCampaign(
  detail: Pick<CampaignDetail, 'id' | 'spec' | 'cells'>,
  labs: CampaignLabs,
  progress: CampaignProgressTracker,
): ActiveCampaign {
  return {
    id: detail.id,
    spec: detail.spec,
    cells: detail.cells,
    labs,
    progress,
    abort: new AbortController(),
    pauseRequested: false,
    cancelRequested: false,
    shuttingDown: false,
    runId: null,
    loop: null,
  };
}

/** Whether a workload adds, deletes or renames entries (its lab is recounted afterwards). */
export function writesEntries(spec: WorkloadSpec): boolean {
  return (
    spec.pool !== undefined ||
    spec.operations.some((o) => traitsOf(o.operation).writes === 'entries')
  );
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The run request of a cell; `hasPool` when its workload adds a pool (the matrix may resize it). */
export function cellRunRequest(
  cell: CampaignCell,
  spec: MatrixSpec,
  targetId: string,
  hasPool: boolean,
): RunRequest {
  return {
    targetId,
    workload: cell.workload,
    connections: cell.connections,
    depth: cell.depth ?? spec.depth ?? 1,
    warmupS: spec.warmupS,
    durationS: spec.durationS,
    policy: cell.policy,
    seed: spec.seed ?? 1,
    ...(hasPool && spec.poolEntries !== undefined ? { poolEntries: spec.poolEntries } : {}),
    ...(spec.thresholds === undefined ? {} : { thresholds: spec.thresholds }),
    ...(spec.agents === undefined ? {} : { agents: spec.agents }),
    // A target group: its other servers share the cell's connections.
    ...('moreTargetIds' in cell.server && cell.server.moreTargetIds !== undefined
      ? { moreTargetIds: cell.server.moreTargetIds, serverSetMode: cell.server.serverSet }
      : {}),
  };
}

/** Prepares, runs and records one cell; never throws for a lab or run failure (the cell fails). */
export async function executeCell(
  a: ActiveCampaign,
  cell: CampaignCell,
  deps: CellDeps,
): Promise<void> {
  const { campaigns, runService } = deps;
  const label = `Cell ${cell.index + 1}/${a.cells.length}`;
  const set = (status: CellStatus, runId: string | null, error: string | null): void => {
    Object.assign(cell, { status, runId, error });
    campaigns.setCell(a.id, cell.index, status, runId, error);
  };
  const giveBack = (): void => {
    // Cancelled or shut down before anything was measured: the cell is simply still to do.
    campaigns.resetCell(a.id, cell.index);
    Object.assign(cell, { status: 'pending', runId: null, error: null });
  };
  set('running', null, null);
  a.progress.eta.cellBegan(cell);
  const server = describeCellServer(cell);
  a.progress.step(`${label}: preparing ${server}`, cell.index);

  let targetId: string;
  try {
    targetId = await a.labs.targetFor(cell, a.spec, a.abort.signal, (p) => {
      a.progress.eta.labProgress(p);
      a.progress.step(`${label}: ${server}: ${p.message}`);
    });
  } catch (err) {
    if (a.cancelRequested || a.shuttingDown) return giveBack();
    set('failed', null, `the lab could not be prepared: ${message(err)}`);
    return;
  }
  if (a.cancelRequested || a.shuttingDown) return giveBack();

  a.progress.eta.labReady();
  let started: Awaited<ReturnType<RunService['start']>>;
  try {
    const hasPool = deps.workloads.get(cell.workload).pool !== undefined;
    started = await runService.start(cellRunRequest(cell, a.spec, targetId, hasPool));
  } catch (err) {
    set('failed', null, `the run could not start: ${message(err)}`);
    return;
  }
  const { runId } = started;
  a.progress.eta.runBegan();
  campaigns.linkRun(runId, a.id, cell.index);
  set('running', runId, null);
  a.runId = runId;
  a.progress.runId = runId;
  const totalS = a.spec.warmupS + a.spec.durationS;
  const startedAtMs = Date.now();
  const what = `${label}: ${cell.workload}, ${cell.connections} connection(s), ${server}`;
  a.progress.startTicking(() => {
    const elapsedS = Math.min(totalS, Math.floor((Date.now() - startedAtMs) / 1000));
    return `${what}: ${elapsedS} of ${totalS} s`;
  });
  a.progress.step(`${what}: starting`);
  try {
    const run = await started.done;
    a.progress.stopTicking();
    if (run.status === 'completed') {
      Object.assign(cell, {
        opsPerSec: run.summary?.opsPerSec ?? null,
        latencyUs: run.summary?.latencyUs ?? null,
      });
      set('done', runId, null);
    } else if (a.shuttingDown) {
      giveBack();
    } else if (a.cancelRequested) {
      set(
        'failed',
        runId,
        'the campaign was cancelled during this cell; its run is kept as stopped',
      );
    } else {
      set('failed', runId, `the run ${run.status}: ${run.endReason ?? 'no reason given'}`);
    }
  } catch (err) {
    a.progress.stopTicking();
    set('failed', runId, `the run failed: ${message(err)}`);
  } finally {
    a.progress.eta.runEnded();
    a.runId = null;
    a.progress.runId = null;
    deps.emit({ event: 'history/changed', payload: {} });
  }
  if (
    cell.status === 'done' &&
    'lab' in cell.server &&
    writesEntries(deps.workloads.get(cell.workload))
  ) {
    a.progress.step(`${label}: counting the lab's entries after ${cell.workload}`);
    const count = await a.labs.checkEntries();
    if (!count.ok) {
      a.progress.step(
        `${label}: the lab holds ${count.found ?? 'an unknown number of'} entries instead of ${count.expected ?? '?'}; it is rebuilt for the next cell`,
      );
    }
  }
}
