// Runs one campaign at a time: its cells in order, each against the right lab, pausable,
// cancellable, resumable after a crash without redoing or losing a finished cell.
import { checkCellsConfirmed, loadGuardLimits } from '../runs/loadGuard.ts';
import type { ApiEventMessage } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { CampaignDetail, CampaignProgress, CampaignStatus } from '../../shared/matrix.ts';
import type { LabManager } from '../lab/labManager.ts';
import type { RunService } from '../runs/runService.ts';
import type { CampaignsRepo } from '../store/campaignsRepo.ts';
import { newId } from '../store/ids.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import type { WorkloadLibrary } from '../workload/library.ts';
import { CampaignProgressTracker } from './campaignProgress.ts';
import { activeCampaign, executeCell } from './cellExecution.ts';
import type { ActiveCampaign } from './cellExecution.ts';
import { CampaignLabs } from './labForCell.ts';
import type { MatrixLibrary } from './matrixLibrary.ts';

/** What the runner needs from the core. */
export interface CampaignRunnerDeps {
  campaigns: CampaignsRepo;
  matrices: MatrixLibrary;
  workloads: WorkloadLibrary;
  runService: RunService;
  labs: LabManager;
  targets: TargetsRepo;
  emit: (message: ApiEventMessage) => void;
  subscribe: (listener: (message: ApiEventMessage) => void) => () => void;
  /** Whether a process id is alive (an interrupted campaign's owner). */
  isAlive: (pid: number) => boolean;
}

const SHUTDOWN_REASON =
  'DirBench shut down while the campaign ran; resume it to run the cells left';

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The campaign runner of one host process. */
export class CampaignRunner {
  readonly #deps: CampaignRunnerDeps;
  #active: ActiveCampaign | null = null;

  constructor(deps: CampaignRunnerDeps) {
    this.#deps = deps;
  }

  /** Campaigns left running or paused by a process that is gone become interrupted (at open). */
  markInterrupted(): string[] {
    return this.#deps.campaigns.markInterrupted(this.#deps.isAlive);
  }

  /**
   * Checks the matrix and starts running it as a new campaign; answers its id at once. Heavy load
   * on a saved target that is not a lab needs `confirmed` (the guard rail of single runs).
   */
  start(
    spec: unknown,
    confirmed?: boolean,
    howToConfirm?: { message: string; field: string },
  ): string {
    this.#assertIdle();
    const check = this.#deps.matrices.check(spec);
    checkCellsConfirmed(
      // Every server of a target group is checked, with all the cell's connections (failover).
      check.cells.flatMap((cell) =>
        ('targetId' in cell.server
          ? [cell.server.targetId, ...(cell.server.moreTargetIds ?? [])]
          : [null]
        ).map((targetId) => ({ targetId, connections: cell.connections })),
      ),
      (targetId) => this.#deps.targets.get(targetId),
      confirmed,
      loadGuardLimits(),
      howToConfirm?.message,
      howToConfirm?.field,
    );
    const id = newId('cmp');
    this.#deps.campaigns.create(id, check.spec, check.cells);
    this.#launch(this.#deps.campaigns.get(id));
    this.#deps.emit({ event: 'history/changed', payload: {} });
    return id;
  }

  /** Pauses after the current cell; the campaign's lab is kept for the resume. */
  pause(campaignId: string): void {
    const a = this.#own(campaignId);
    if (a.loop === null) return;
    a.pauseRequested = true;
    a.progress.step(`${a.progress.activity} (pausing after this cell)`);
  }

  /** Continues a paused or interrupted campaign from its first unfinished cell. */
  resume(campaignId: string): void {
    const a = this.#active;
    if (a !== null && a.id === campaignId) {
      a.pauseRequested = false;
      if (a.loop !== null)
        return a.progress.step(a.progress.activity.replace(/ \(pausing.*\)$/, ''));
      this.#deps.campaigns.claim(a.id);
      a.progress.status = 'running';
      a.loop = this.#loop(a);
      return;
    }
    this.#assertIdle();
    this.#deps.campaigns.markInterrupted(this.#deps.isAlive);
    const detail = this.#deps.campaigns.get(campaignId);
    if (detail.status !== 'interrupted' && detail.status !== 'paused') {
      throw new ApiError(
        'conflict',
        detail.status === 'running'
          ? `campaign ${campaignId} is running in another DirBench process`
          : `campaign ${campaignId} is ${detail.status}; only paused or interrupted campaigns resume`,
        'campaignId',
      );
    }
    this.#deps.campaigns.claim(campaignId);
    this.#launch({ ...detail, status: 'running' });
  }

  /** Stops the current cell (its run is kept as stopped), ends the campaign and destroys its lab. */
  async cancel(campaignId: string): Promise<void> {
    const a = this.#active;
    if (a !== null && a.id === campaignId) {
      a.cancelRequested = true;
      this.#interruptCell(a, 'campaign cancelled');
      if (a.loop === null) return this.#end(a, 'cancelled', null);
      a.progress.step('Cancelling: stopping the current cell');
      return;
    }
    const detail = this.#deps.campaigns.get(campaignId);
    if (detail.status !== 'paused' && detail.status !== 'interrupted') {
      throw new ApiError(
        'conflict',
        `campaign ${campaignId} is ${detail.status}; nothing to cancel`,
        'campaignId',
      );
    }
    this.#deps.campaigns.setStatus(campaignId, 'cancelled');
    this.#deps.emit({ event: 'history/changed', payload: {} });
  }

  /** The active campaign's progress (running or paused here), or null. */
  active(): CampaignProgress | null {
    return this.#active?.progress.snapshot() ?? null;
  }

  /** Resolves when the campaign's loop stops (it ended or paused), with its stored state. */
  async wait(campaignId: string): Promise<CampaignDetail> {
    const a = this.#active;
    if (a !== null && a.id === campaignId) await a.loop;
    return this.#deps.campaigns.get(campaignId);
  }

  /** Deletes a campaign and its runs; not while it is active. */
  delete(campaignId: string): void {
    if (this.#active?.id === campaignId) {
      throw new ApiError(
        'conflict',
        `campaign ${campaignId} is active; cancel it first`,
        'campaignId',
      );
    }
    this.#deps.campaigns.delete(campaignId);
    this.#deps.emit({ event: 'history/changed', payload: {} });
  }

  /** Host shutdown: stops the current cell, leaves the campaign interrupted (resumable), destroys its lab. */
  async shutdown(): Promise<void> {
    const a = this.#active;
    if (a === null) return;
    a.shuttingDown = true;
    this.#interruptCell(a, 'DirBench is shutting down');
    if (a.loop !== null) await a.loop;
    else await this.#end(a, 'interrupted', SHUTDOWN_REASON);
  }

  #assertIdle(): void {
    const a = this.#active;
    if (a === null) return;
    throw new ApiError(
      'conflict',
      `campaign ${a.id} is ${a.progress.status}; wait for it, or cancel it, before starting another`,
      'campaignId',
    );
  }

  #own(campaignId: string): ActiveCampaign {
    const a = this.#active;
    if (a === null || a.id !== campaignId)
      throw new ApiError(
        'conflict',
        `campaign ${campaignId} is not running in this DirBench`,
        'campaignId',
      );
    return a;
  }

  #interruptCell(a: ActiveCampaign, reason: string): void {
    a.abort.abort(new ApiError('failed', reason));
    if (a.runId === null) return;
    try {
      this.#deps.runService.stop(a.runId, reason);
    } catch {
      // The run ended between the check and the stop: nothing left to stop.
    }
  }

  #launch(detail: CampaignDetail): void {
    const { emit } = this.#deps;
    const a = activeCampaign(
      detail,
      new CampaignLabs(this.#deps),
      new CampaignProgressTracker(emit, detail.id, detail.spec, detail.cells),
    );
    this.#active = a;
    a.loop = this.#loop(a);
  }

  async #loop(a: ActiveCampaign): Promise<void> {
    let ended: CampaignStatus = 'failed';
    let error: string | null = null;
    try {
      // One cell per turn; the extra turn sees that none is left.
      for (let turn = 0; turn <= a.cells.length; turn++) {
        if (a.shuttingDown) return this.#end(a, 'interrupted', SHUTDOWN_REASON);
        if (a.cancelRequested) return this.#end(a, 'cancelled', null);
        if (a.pauseRequested) return this.#pause(a);
        const next = a.cells.find((c) => c.status === 'pending');
        if (next === undefined) break;
        await executeCell(a, next, this.#deps);
      }
      const failed = a.cells.filter((c) => c.status === 'failed');
      const left = a.cells.some((c) => c.status === 'pending');
      if (left) error = 'cells were left pending after every turn';
      else if (failed.length === a.cells.length && failed.length > 0)
        error = `every cell failed; the first: ${failed[0]?.error ?? 'no reason given'}`;
      else ended = 'completed';
    } catch (err) {
      error = `the campaign stopped on an internal error: ${message(err)}`;
    }
    return this.#end(a, ended, error);
  }

  #pause(a: ActiveCampaign): void {
    a.loop = null;
    a.pauseRequested = false;
    this.#deps.campaigns.setStatus(a.id, 'paused');
    a.progress.status = 'paused';
    a.progress.step('Paused; resume to run the cells left', null);
  }

  async #end(a: ActiveCampaign, status: CampaignStatus, error: string | null): Promise<void> {
    a.progress.stopTicking();
    this.#deps.campaigns.setStatus(a.id, status, error);
    a.progress.status = status;
    if (a.labs.holdsLab) {
      a.progress.step("Destroying the campaign's lab", null);
      try {
        await a.labs.release();
      } catch (err) {
        a.progress.step(`The campaign's lab could not be destroyed: ${message(err)}`, null);
      }
    }
    if (this.#active === a) this.#active = null;
    a.progress.step(error ?? `Campaign ${status}`, null);
    this.#deps.emit({ event: 'history/changed', payload: {} });
  }
}
