// The one way an API call reaches its handler, for every host (Electron IPC, browser mode's HTTP):
// channel check, the channel's request validator, call, and the split between an answer, an
// ApiError (the validator's or the handler's) and a surprise.
import { isApiChannel } from '../../shared/api.ts';
import type { ApiChannel, ApiHandlers, ApiRequest, ApiResponse } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { API_VALIDATORS } from './validators.ts';
import type { ApiValidators } from './validators.ts';

/** What a call came to: the handler's answer, its ApiError, or an error nobody meant to send (the host logs it). */
export type DispatchResult =
  | { outcome: 'answered'; res: unknown }
  | { outcome: 'refused'; error: ApiErrorBody }
  | { outcome: 'unexpected'; error: ApiErrorBody; cause: unknown };

/** The error a call naming no known channel gets (the name cut short: it comes from outside). */
function unknownChannelError(channel: unknown): ApiError {
  return new ApiError('not-found', `unknown API channel ${String(channel).slice(0, 100)}`);
}

/** Calls the handler of `channel` with `req` once its validator accepted it (`req` is untrusted). */
export async function dispatchApi(
  handlers: ApiHandlers,
  channel: unknown,
  req: unknown,
  validators: ApiValidators = API_VALIDATORS,
): Promise<DispatchResult> {
  if (typeof channel !== 'string' || !isApiChannel(channel)) {
    return { outcome: 'refused', error: unknownChannelError(channel).toBody() };
  }
  const validate = validators[channel] as (r: unknown) => unknown;
  const handler = handlers[channel] as (r: unknown) => Promise<unknown>;
  try {
    return { outcome: 'answered', res: await handler(validate(req)) };
  } catch (err) {
    if (err instanceof ApiError) return { outcome: 'refused', error: err.toBody() };
    const message = err instanceof Error ? err.message : String(err);
    return { outcome: 'unexpected', error: { kind: 'failed', message }, cause: err };
  }
}

/** Calls `channel` in process as a host would, validator first (the CLI's way in: one set of rules). */
export function callApi<C extends ApiChannel>(
  handlers: ApiHandlers,
  channel: C,
  req: ApiRequest<C>,
): Promise<ApiResponse<C>> {
  const validate = API_VALIDATORS[channel] as (r: unknown) => ApiRequest<C>;
  const handler = handlers[channel] as (r: ApiRequest<C>) => Promise<ApiResponse<C>>;
  // A validator's refusal rejects the call as a handler's own error would.
  return Promise.resolve().then(() => handler(validate(req)));
}
