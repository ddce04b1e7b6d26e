// Handlers of the history/* channels (stored runs: list, detail, facets, annotations, deletes) and of
// imports of peer tools' output.
import type { ApiEventMessage, ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import { importRun } from '../import/importRun.ts';
import type { RunsRepo } from '../store/runsRepo.ts';

/** Builds the history and import handlers; every change is announced as `history/changed`. */
export function historyHandlers(runs: RunsRepo, emit: (m: ApiEventMessage) => void) {
  const changed = (): void => emit({ event: 'history/changed', payload: {} });
  return {
    'history/list': async (filter) => runs.list(filter),
    'history/get': async ({ runId }) => runs.get(runId),
    'history/facets': async () => runs.facets(),
    'history/annotate': async (req) => {
      const item = runs.annotate(req);
      changed();
      return item;
    },
    'history/delete': async (req) => {
      const deleted = runs.delete(req.runIds);
      changed();
      return { deleted };
    },
    'import/run': async (req) => {
      const runId = importRun(runs, req);
      changed();
      return { runId };
    },
  } satisfies Pick<ApiHandlers, ChannelsOf<'history' | 'import'>>;
}
