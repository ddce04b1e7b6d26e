// Handlers of the runs/* channels: starting, stopping and watching the run in progress.
import type { ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { CampaignProgress } from '../../shared/matrix.ts';
import { checkLoadConfirmed, loadGuardLimits } from '../runs/loadGuard.ts';
import type { LoadGuardLimits } from '../runs/loadGuard.ts';
import type { RunService } from '../runs/runService.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import { checkId } from '../../shared/validation.ts';

/** Builds the run control handlers; `activeCampaign` says whether a campaign owns the load. */
export function runsHandlers(
  service: RunService,
  activeCampaign: () => CampaignProgress | null,
  targets: Pick<TargetsRepo, 'get'>,
  limits: () => LoadGuardLimits = () => loadGuardLimits(),
) {
  return {
    'runs/start': async (req) => {
      // Between two cells nothing runs, but a run started then would make the next cell fail.
      const campaign = activeCampaign();
      if (campaign?.status === 'running') {
        throw new ApiError(
          'conflict',
          `campaign ${campaign.campaignId} is running its cells; pause it (or wait for it to end) before starting a run`,
        );
      }
      // Heavy load on someone else's server only after the user said yes (the GUI asks on this error).
      checkLoadConfirmed(req, targets.get(req.targetId), limits());
      const { runId, done } = await service.start(req);
      // The outcome is stored and announced by the service; nobody awaits it here.
      done.catch(() => undefined);
      return { runId };
    },
    'runs/stop': async ({ runId }) => service.stop(checkId(runId, 'runId')),
    'runs/active': async () => service.activeRun(),
  } satisfies Pick<ApiHandlers, ChannelsOf<'runs'>>;
}
