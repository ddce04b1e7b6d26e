// How the browser host answers over HTTP: JSON and text bodies, refusals and unexpected errors.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorKind } from '../shared/errors.ts';
import { discardBody } from './bodyReader.ts';
import type { HostLog } from './hostLog.ts';
import type { RequestRefused } from './requestChecks.ts';

/** How much of a refused body is read and dropped so its client can read the 413; past this the connection closes. */
const MAX_DISCARDED_BODY_BYTES = 16 * 1024 * 1024;

/** The HTTP status of an API error by its kind. */
export const STATUS_BY_KIND: Record<ApiErrorKind, number> = {
  validation: 400,
  'not-found': 404,
  conflict: 409,
  unavailable: 503,
  failed: 500,
};

/** Answers `body` as JSON, never cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // Serialized before the head is written, so a body that cannot be serialized still gets a clean 500.
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** Answers `text` as plain text with extra `headers`. */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

/** The method and path of a request for log lines; the query is left out, as it may carry the token. */
export function describeRequest(req: IncomingMessage): string {
  const target = req.url ?? '';
  const queryAt = target.search(/[?#]/);
  return `${req.method ?? '?'} ${queryAt < 0 ? target : `${target.slice(0, queryAt)}?...`}`;
}

/** Answers a refusal: JSON for API calls (the UI reads their errors), plain text otherwise. */
export function refuse(
  log: HostLog,
  req: IncomingMessage,
  res: ServerResponse,
  refusal: RequestRefused,
): void {
  log.refused(refusal.kind, refusal.status, describeRequest(req));
  if (refusal.kind === 'body-too-large') discardBody(req, MAX_DISCARDED_BODY_BYTES);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const isApi = (req.url ?? '').startsWith('/api/');
  if (isApi && refusal.status !== 401 && refusal.status !== 403) {
    const kind: ApiErrorKind = refusal.status === 404 ? 'not-found' : 'validation';
    for (const [name, value] of Object.entries(refusal.headers)) res.setHeader(name, value);
    sendJson(res, refusal.status, { ok: false, error: { kind, message: refusal.message } });
  } else {
    sendText(res, refusal.status, refusal.message, refusal.headers);
  }
}

/** The last resort: anything no check expected is logged (with its stack, once) and answered 500. */
export function answerUnexpected(
  log: HostLog,
  req: IncomingMessage,
  res: ServerResponse,
  where: string,
  err: unknown,
): void {
  log.unexpected(where, err);
  try {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    if ((req.url ?? '').startsWith('/api/')) {
      sendJson(res, 500, { ok: false, error: { kind: 'failed', message } });
    } else {
      sendText(res, 500, 'DirBench hit an internal error; the host logged it.');
    }
  } catch {
    res.destroy();
  }
}
