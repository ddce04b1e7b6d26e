// Handlers of the runs/* channels: starting, stopping and watching the run in progress.
import type { ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import type { CampaignProgress } from '../../shared/matrix.ts';
import { startGuardedRun } from '../runs/guardedStart.ts';
import { loadGuardLimits } from '../runs/loadGuard.ts';
import type { LoadGuardLimits } from '../runs/loadGuard.ts';
import type { RunService } from '../runs/runService.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';

/** Builds the run control handlers; `activeCampaign` says whether a campaign owns the load. */
export function runsHandlers(
  service: RunService,
  activeCampaign: () => CampaignProgress | null,
  targets: Pick<TargetsRepo, 'get'>,
  limits: () => LoadGuardLimits = () => loadGuardLimits(),
) {
  return {
    'runs/start': async (req) => {
      const { runId, done } = await startGuardedRun(
        { service, activeCampaign, targets, limits },
        req,
      );
      // The outcome is stored and announced by the service; nobody awaits it here.
      done.catch(() => undefined);
      return { runId };
    },
    'runs/stop': async ({ runId }) => service.stop(runId),
    'runs/active': async () => service.activeRun(),
  } satisfies Pick<ApiHandlers, ChannelsOf<'runs'>>;
}
