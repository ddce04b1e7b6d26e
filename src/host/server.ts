// Browser mode: serves the React UI and the same handler map over HTTP, live events over WebSocket.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { dispatchApi } from '../core/api/dispatch.ts';
import { LiveMetrics } from '../core/metrics/liveMetrics.ts';
import type { ApiEventMessage, ApiHandlers } from '../shared/api.ts';
import type { ApiErrorKind } from '../shared/errors.ts';
import {
  TOKEN_COOKIE,
  allowedHostsFor,
  isAuthorized,
  isTrustedOrigin,
  newToken,
  sameToken,
} from './auth.ts';
import { discardBody, readBody } from './bodyReader.ts';
import { EVENT_SOCKET_MAX_PAYLOAD_BYTES, refuseOnSocket, watchEventClient } from './eventSocket.ts';
import { HostLog } from './hostLog.ts';
import { debugWanted } from '../core/ldap/unexpected.ts';
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
import { serveStatic } from './static.ts';

/** Largest accepted request body; a larger one is answered 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** How much of a refused body is read and dropped so its client can read the 413; past this the connection closes. */
const MAX_DISCARDED_BODY_BYTES = 16 * 1024 * 1024;
/** Where the live-event WebSocket is. */
const EVENTS_PATH = '/api/events';

const STATUS_BY_KIND: Record<ApiErrorKind, number> = {
  validation: 400,
  'not-found': 404,
  conflict: 409,
  unavailable: 503,
  failed: 500,
};

/** What the browser host needs: the handlers and the event stream of a core. */
export interface BrowserHostOptions {
  handlers: ApiHandlers;
  subscribe: (listener: (message: ApiEventMessage) => void) => () => void;
  host: string;
  port: number;
  /** Where refused requests and unexpected errors are logged, one line each (stderr by default). */
  log?: (line: string) => void;
}

/** A listening browser-mode server. */
export interface BrowserHost {
  /** The URL to open, with the access token. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Sent with every response: no framing (clickjacking), no referrer carrying the URL, no sniffing. */
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const FORBIDDEN_MESSAGE = 'Forbidden: unexpected Host or Origin header.';
const UNAUTHORIZED_MESSAGE =
  'DirBench: open the URL that "dirbench serve" printed; it carries this session\'s access token.';

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // Serialized before the head is written, so a body that cannot be serialized still gets a clean 500.
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

/** The method and path of a request for log lines; the query is left out, as it may carry the token. */
function describeRequest(req: IncomingMessage): string {
  const target = req.url ?? '';
  const queryAt = target.search(/[?#]/);
  return `${req.method ?? '?'} ${queryAt < 0 ? target : `${target.slice(0, queryAt)}?...`}`;
}

/** Starts the HTTP + WebSocket server on `host:port` (port 0 picks a free one). */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = newToken();
  let allowedHosts = new Set<string>();
  const writeLog = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const log = new HostLog(writeLog, debugWanted());
  const wss = new WebSocketServer({ noServer: true, maxPayload: EVENT_SOCKET_MAX_PAYLOAD_BYTES });
  // Prometheus scrapes /metrics with the token as a bearer header.
  const metrics = new LiveMetrics();

  /** Answers a refusal: JSON for API calls (the UI reads their errors), plain text otherwise. */
  const refuse = (req: IncomingMessage, res: ServerResponse, refusal: RequestRefused): void => {
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
  };

  /** The last resort: anything no check expected is logged (with its stack, once) and answered 500. */
  const answerUnexpected = (
    req: IncomingMessage,
    res: ServerResponse,
    where: string,
    err: unknown,
  ): void => {
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
  };

  const answerApi = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
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
    const result = await dispatchApi(options.handlers, channel, request);
    // A handler's own error is an answer; anything else is a surprise, logged under its channel.
    if (result.outcome === 'answered') sendJson(res, 200, { ok: true, res: result.res ?? null });
    else if (result.outcome === 'refused')
      sendJson(res, STATUS_BY_KIND[result.error.kind], { ok: false, error: result.error });
    else answerUnexpected(req, res, `API handler ${channel}`, result.cause);
  };

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // No Access-Control-* header is ever sent: other origins cannot read any answer.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (!isTrustedOrigin(req, allowedHosts))
      throw new RequestRefused(403, 'forbidden-origin', FORBIDDEN_MESSAGE);
    const url = parseRequestTarget(req.url);
    const offered = url.searchParams.get('token');
    if (req.method === 'GET' && offered !== null && sameToken(offered, token)) {
      // The token leaves the address bar (and history) at once; the cookie carries it from now on.
      res.writeHead(302, {
        'Set-Cookie': `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        'Cache-Control': 'no-store',
        Location: redirectPath(url.pathname),
      });
      res.end();
      return;
    }
    if (!isAuthorized(req, token))
      throw new RequestRefused(401, 'unauthorized', UNAUTHORIZED_MESSAGE);
    // By the target as sent too: `/api/..` resolves to `/` but names no page, and no channel.
    if (url.pathname.startsWith('/api/') || (req.url ?? '').startsWith('/api/')) {
      await answerApi(req, res);
      return;
    }
    if (url.pathname === METRICS_PATH) {
      answerMetrics(req.method, res, metrics);
      return;
    }
    serveStatic(req.method, url.pathname, res, (err) => log.unexpected('static file', err));
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    answer(req, res).catch((err: unknown) => {
      if (err instanceof RequestRefused) refuse(req, res, err);
      else answerUnexpected(req, res, `${req.method ?? '?'} request`, err);
    });
  };
  const server = createServer(onRequest);
  // Node would answer `Expect: 100-continue` before any check; the API asks for the body itself.
  server.on('checkContinue', onRequest);

  // What Node's HTTP parser refuses (bad request lines, oversized headers, timeouts) is answered and logged here.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
          ? 413
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400;
    log.refused(`http-${err.code ?? 'parse-error'}`, status, err.message);
    // No body, as Node's own answer: the request may have been a HEAD, whose answer must carry none.
    refuseOnSocket(socket, status, '');
  });

  wss.on('wsClientError', (err, socket, req) => {
    log.refused('ws-handshake', 400, `${describeRequest(req)}: ${err.message}`);
    refuseOnSocket(socket, 400, err.message);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      if (!isTrustedOrigin(req, allowedHosts))
        throw new RequestRefused(403, 'forbidden-origin', FORBIDDEN_MESSAGE);
      if (parseRequestTarget(req.url).pathname !== EVENTS_PATH)
        throw new RequestRefused(
          404,
          'unknown-channel',
          `WebSocket upgrades go to ${EVENTS_PATH} only.`,
        );
      if (!isAuthorized(req, token))
        throw new RequestRefused(401, 'unauthorized', UNAUTHORIZED_MESSAGE);
      checkMethod(req.method, ['GET']);
      wss.handleUpgrade(req, socket, head, (ws) => {
        try {
          watchEventClient(ws, log);
        } catch (err) {
          log.unexpected('event socket', err);
          ws.terminate();
        }
      });
    } catch (err) {
      if (err instanceof RequestRefused) {
        log.refused(err.kind, err.status, `upgrade ${describeRequest(req)}`);
        refuseOnSocket(socket, err.status, err.message, err.headers);
      } else {
        log.unexpected('WebSocket upgrade', err);
        refuseOnSocket(socket, 500, 'DirBench hit an internal error; the host logged it.');
      }
    }
  });

  const unsubscribe = options.subscribe((message) => {
    // This runs inside the core's emit (a run's sample loop, say): nothing may be thrown back into it.
    try {
      metrics.observe(message);
      const text = JSON.stringify(message);
      for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text);
    } catch (err) {
      log.unexpected('event broadcast', err);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  // Once listening, an error (a failed accept when out of file descriptors, say) must not end the process.
  server.on('error', (err) => log.unexpected('HTTP server', err));
  const port = (server.address() as AddressInfo).port;
  allowedHosts = allowedHostsFor(options.host, port);
  const hostInUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${hostInUrl}:${port}/?token=${token}`,
    port,
    async close() {
      unsubscribe();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const summary = log.summary();
      if (summary !== null) writeLog(summary);
    },
  };
}
