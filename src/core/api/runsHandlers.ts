// Handlers of the runs/* and history/* channels.
import type { ApiHandlers } from '../../shared/api.ts';
import type { RunService } from '../runs/runService.ts';
import { checkHistoryFilter } from '../store/historyChecks.ts';
import type { RunsRepo } from '../store/runsRepo.ts';

/** Builds the run control and history handlers. */
export function runsHandlers(service: RunService, runs: RunsRepo) {
  return {
    'runs/start': async (req) => {
      const { runId, done } = await service.start(req);
      // The outcome is stored and announced by the service; nobody awaits it here.
      done.catch(() => undefined);
      return { runId };
    },
    'runs/stop': async ({ runId }) => service.stop(runId),
    'runs/active': async () => service.activeRun(),
    'history/list': async (filter) => runs.list(checkHistoryFilter(filter)),
    'history/get': async ({ runId }) => runs.get(runId),
  } satisfies Pick<
    ApiHandlers,
    'runs/start' | 'runs/stop' | 'runs/active' | 'history/list' | 'history/get'
  >;
}
