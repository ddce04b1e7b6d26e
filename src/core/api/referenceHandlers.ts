// Handler of the reference/* channel: the studies' published figures.
import type { ApiHandlers } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';

/** Builds the reference handlers. */
export function referenceHandlers() {
  return {
    'reference/list': async (): Promise<never> => {
      throw new ApiError('unavailable', 'reference figures are being transcribed');
    },
  } satisfies Pick<ApiHandlers, 'reference/list'>;
}
