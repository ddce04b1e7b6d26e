// The one way a host starts a run: the rules every host shares (no campaign running its cells, heavy
// load confirmed), then the run service. The API handler and the CLI both start runs through it.
import { ApiError } from '../../shared/errors.ts';
import type { CampaignProgress } from '../../shared/matrix.ts';
import type { RunDetail, RunRequest } from '../../shared/types.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import { checkLoadConfirmed } from './loadGuard.ts';
import type { LoadGuardLimits } from './loadGuard.ts';
import type { RunService, RunStartOptions } from './runService.ts';

/** What the rules read: the service, the campaign runner's state, the targets and the guard's limits. */
export interface GuardedStartDeps {
  service: Pick<RunService, 'start'>;
  activeCampaign: () => CampaignProgress | null;
  targets: Pick<TargetsRepo, 'get'>;
  limits: () => LoadGuardLimits;
}

/** A run that started: its id, and its stored outcome once it ends. */
export interface StartedRun {
  runId: string;
  done: Promise<RunDetail>;
  /** What the run's start found to tell once (a sample a server limit cut short). */
  notes: string[];
}

/**
 * Starts `req` unless a campaign is running its cells (`conflict`) or the load needs a yes it has
 * not got (`validation` with code `needs-confirmation`; each host asks its own way).
 */
export async function startGuardedRun(
  deps: GuardedStartDeps,
  req: RunRequest,
  options: RunStartOptions = {},
): Promise<StartedRun> {
  // Between two cells nothing runs, but a run started then would make the next cell fail.
  const campaign = deps.activeCampaign();
  if (campaign?.status === 'running') {
    throw new ApiError(
      'conflict',
      `campaign ${campaign.campaignId} is running its cells; pause it (or wait for it to end) before starting a run`,
    );
  }
  // Every server of the run, each with all its connections (failover may put them all on one).
  const more: unknown[] = Array.isArray(req.moreTargetIds) ? req.moreTargetIds : [];
  for (const id of [req.targetId, ...more.filter((m) => typeof m === 'string')])
    checkLoadConfirmed(req, deps.targets.get(id), deps.limits());
  return deps.service.start(req, options);
}
