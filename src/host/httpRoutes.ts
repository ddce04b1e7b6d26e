// The browser host's HTTP routes: the token exchange, the API, /metrics and the UI's static files.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dispatchApi } from '../core/api/dispatch.ts';
import type { LiveMetrics } from '../core/metrics/liveMetrics.ts';
import type { ApiHandlers } from '../shared/api.ts';
import { TOKEN_COOKIE, isAuthorized, isTrustedOrigin, sameToken } from './auth.ts';
import { readBody } from './bodyReader.ts';
import { STATUS_BY_KIND, answerUnexpected, sendJson } from './httpAnswers.ts';
import type { HostLog } from './hostLog.ts';
import { METRICS_PATH, answerMetrics } from './metricsRoute.ts';
import {
  RequestRefused,
  apiChannelOf,
  checkDeclaredLength,
  checkJsonContentType,
  checkMethod,
  parseApiBody,
  parseRequestTarget,
  redirectPath,
} from './requestChecks.ts';
import { FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE } from './socketRoutes.ts';
import { serveStatic } from './static.ts';

/** Largest accepted request body; a larger one is answered 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Sent with every response: no framing (clickjacking), no referrer carrying the URL, no sniffing. */
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** What the routes need: the handlers, the log, the token, the hosts served and the live metrics. */
export interface RouteContext {
  handlers: ApiHandlers;
  log: HostLog;
  token: string;
  allowedHosts: () => ReadonlySet<string>;
  metrics: LiveMetrics;
}

/** Answers one API call: POST, JSON, within the size limit; the handler's answer or error as JSON. */
async function answerApi(
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const channel = apiChannelOf(req.url);
  checkMethod(req.method, ['POST']);
  checkJsonContentType(req.headers['content-type']);
  checkDeclaredLength(req.headers['content-length'], MAX_BODY_BYTES);
  // Only now, past the gate and every check, is a client that waits for it asked for its body.
  if (req.headers.expect?.toLowerCase() === '100-continue') res.writeContinue();
  const text = await readBody(req, MAX_BODY_BYTES);
  // The client left before sending its whole body: nobody is there to answer.
  if (text === null) return;
  const request = parseApiBody(text, channel);
  const result = await dispatchApi(ctx.handlers, channel, request);
  // A handler's own error is an answer; anything else is a surprise, logged under its channel.
  if (result.outcome === 'answered') sendJson(res, 200, { ok: true, res: result.res ?? null });
  else if (result.outcome === 'refused')
    sendJson(res, STATUS_BY_KIND[result.error.kind], { ok: false, error: result.error });
  else answerUnexpected(ctx.log, req, res, `API handler ${channel}`, result.cause);
}

/** Answers a request past the origin and token gates; throws RequestRefused for what it refuses. */
export async function answerRequest(
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  // No Access-Control-* header is ever sent: other origins cannot read any answer.
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  if (!isTrustedOrigin(req, ctx.allowedHosts()))
    throw new RequestRefused(403, 'forbidden-origin', FORBIDDEN_MESSAGE);
  const url = parseRequestTarget(req.url);
  const offered = url.searchParams.get('token');
  if (req.method === 'GET' && offered !== null && sameToken(offered, ctx.token)) {
    // The token leaves the address bar (and history) at once; the cookie carries it from now on.
    res.writeHead(302, {
      'Set-Cookie': `${TOKEN_COOKIE}=${ctx.token}; HttpOnly; SameSite=Strict; Path=/`,
      'Cache-Control': 'no-store',
      Location: redirectPath(url.pathname),
    });
    res.end();
    return;
  }
  if (!isAuthorized(req, ctx.token))
    throw new RequestRefused(401, 'unauthorized', UNAUTHORIZED_MESSAGE);
  // By the target as sent too: `/api/..` resolves to `/` but names no page, and no channel.
  if (url.pathname.startsWith('/api/') || (req.url ?? '').startsWith('/api/')) {
    await answerApi(ctx, req, res);
    return;
  }
  if (url.pathname === METRICS_PATH) {
    answerMetrics(req.method, res, ctx.metrics);
    return;
  }
  serveStatic(req.method, url.pathname, res, (err) => ctx.log.unexpected('static file', err));
}
