// Handlers of the compare/*, export/* and reference/* channels.
import type { ApiHandlers } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';

type ExplorerChannels = Extract<
  keyof ApiHandlers,
  `compare/${string}` | `export/${string}` | `reference/${string}`
>;

const notYet = async (): Promise<never> => {
  throw new ApiError('unavailable', 'the explorer is being built');
};

/** Builds the compare, export and reference handlers. */
export function explorerHandlers() {
  return {
    'compare/runs': notYet,
    'export/data': notYet,
    'export/chart': notYet,
    'export/report': notYet,
    'reference/list': notYet,
  } satisfies Pick<ApiHandlers, ExplorerChannels>;
}
