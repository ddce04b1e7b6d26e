// Handlers of the compare/* and export/* channels.
import type { ApiHandlers } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';

type ExplorerChannels = Extract<keyof ApiHandlers, `compare/${string}` | `export/${string}`>;

const notYet = async (): Promise<never> => {
  throw new ApiError('unavailable', 'the explorer is being built');
};

/** Builds the compare and export handlers. */
export function explorerHandlers() {
  return {
    'compare/runs': notYet,
    'export/data': notYet,
    'export/chart': notYet,
    'export/report': notYet,
  } satisfies Pick<ApiHandlers, ExplorerChannels>;
}
