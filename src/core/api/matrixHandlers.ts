// Handlers of the matrix/* and campaigns/* channels.
import type { ApiHandlers } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';

type MatrixChannels = Extract<keyof ApiHandlers, `matrix/${string}` | `campaigns/${string}`>;

const notYet = async (): Promise<never> => {
  throw new ApiError('unavailable', 'matrices are being built');
};

/** Builds the matrix and campaign handlers. */
export function matrixHandlers() {
  return {
    'matrix/list': notYet,
    'matrix/get': notYet,
    'matrix/check': notYet,
    'matrix/save': notYet,
    'matrix/delete': notYet,
    'campaigns/start': notYet,
    'campaigns/pause': notYet,
    'campaigns/resume': notYet,
    'campaigns/cancel': notYet,
    'campaigns/list': notYet,
    'campaigns/get': notYet,
    'campaigns/active': notYet,
    'campaigns/delete': notYet,
  } satisfies Pick<ApiHandlers, MatrixChannels>;
}
