// Browser-mode transport: POST /api/<channel> for calls, a reconnecting WebSocket for live events.
import type { ApiEventMessage } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import { eventSocket } from './eventSocket.ts';
import type { RendererTransport } from './rendererTransport.ts';

/** Same-origin HTTP transport; the host's auth cookie rides along with every request. */
export function httpTransport(location: Location): RendererTransport {
  const wsScheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = eventSocket(`${wsScheme}//${location.host}/api/events`);
  return {
    invoke: (channel, req) => post(channel, req),
    subscribe: (listener: (message: ApiEventMessage) => void) => socket.subscribe(listener),
    onLinkChange: (listener) => socket.onLinkChange(listener),
  };
}

async function post(channel: string, req: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api/${channel}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ req: req ?? null }),
    });
  } catch (err) {
    throw new ApiError('unavailable', `Cannot reach the DirBench host (${describe(err)}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError('failed', `The host answered HTTP ${response.status} without a JSON body.`);
  }
  if (isRecord(body) && body.ok === true) return body.res;
  if (isRecord(body) && body.error !== undefined) throw ApiError.fromBody(body.error);
  throw new ApiError(
    'failed',
    `The host answered HTTP ${response.status} with an unexpected body.`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
