// Handlers of the history filters, annotations and deletes, and of imports of peer tools' output.
import type { ApiHandlers } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';

const notYet = async (): Promise<never> => {
  throw new ApiError('unavailable', 'the history explorer is being built');
};

/** Builds the history and import handlers. */
export function historyHandlers() {
  return {
    'history/facets': notYet,
    'history/annotate': notYet,
    'history/delete': notYet,
    'import/run': notYet,
  } satisfies Pick<
    ApiHandlers,
    'history/facets' | 'history/annotate' | 'history/delete' | 'import/run'
  >;
}
