// The one way an API call reaches its handler, for every host (Electron IPC, browser mode's HTTP):
// channel check, call, and the split between an answer, a handler's own error and a surprise.
import { isApiChannel } from '../../shared/api.ts';
import type { ApiHandlers } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';

/** What a call came to: the handler's answer, its ApiError, or an error nobody meant to send (the host logs it). */
export type DispatchResult =
  | { outcome: 'answered'; res: unknown }
  | { outcome: 'refused'; error: ApiErrorBody }
  | { outcome: 'unexpected'; error: ApiErrorBody; cause: unknown };

/** The error a call naming no known channel gets (the name cut short: it comes from outside). */
function unknownChannelError(channel: unknown): ApiError {
  return new ApiError('not-found', `unknown API channel ${String(channel).slice(0, 100)}`);
}

/** Calls the handler of `channel` with `req` (untrusted: each handler checks its request's shape). */
export async function dispatchApi(
  handlers: ApiHandlers,
  channel: unknown,
  req: unknown,
): Promise<DispatchResult> {
  if (typeof channel !== 'string' || !isApiChannel(channel)) {
    return { outcome: 'refused', error: unknownChannelError(channel).toBody() };
  }
  const handler = handlers[channel] as (r: unknown) => Promise<unknown>;
  try {
    return { outcome: 'answered', res: await handler(req) };
  } catch (err) {
    if (err instanceof ApiError) return { outcome: 'refused', error: err.toBody() };
    const message = err instanceof Error ? err.message : String(err);
    return { outcome: 'unexpected', error: { kind: 'failed', message }, cause: err };
  }
}
