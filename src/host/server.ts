// Browser mode: serves the React UI and the same handler map over HTTP, live events over WebSocket.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { ApiEventMessage, ApiHandlers } from '../shared/api.ts';
import { isApiChannel } from '../shared/api.ts';
import { ApiError } from '../shared/errors.ts';
import type { ApiErrorKind } from '../shared/errors.ts';
import {
  TOKEN_COOKIE,
  allowedHostsFor,
  isAuthorized,
  isTrustedOrigin,
  newToken,
  sameToken,
} from './auth.ts';
import { rendererBuilt, serveStatic } from './static.ts';

/** Largest accepted request body. */
const MAX_BODY_BYTES = 1024 * 1024;

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

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError('validation', 'request body is larger than 1 MB');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function handleApi(
  handlers: ApiHandlers,
  channel: string,
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (req.method !== 'POST')
    return sendJson(res, 405, { ok: false, error: { kind: 'validation', message: 'use POST' } });
  if (!isApiChannel(channel)) {
    return sendJson(res, 404, {
      ok: false,
      error: { kind: 'not-found', message: `unknown API channel ${channel}` },
    });
  }
  // A cross-site form can post only form types without a preflight; the UI always sends JSON.
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return sendJson(res, 415, {
      ok: false,
      error: { kind: 'validation', message: 'send the request as application/json' },
    });
  }
  try {
    const text = await readBody(req);
    let parsed: { req?: unknown };
    try {
      parsed = text === '' ? {} : (JSON.parse(text) as { req?: unknown });
    } catch {
      throw new ApiError('validation', 'request body is not JSON');
    }
    const handler = handlers[channel] as (r: unknown) => Promise<unknown>;
    const result = await handler(parsed.req ?? undefined);
    sendJson(res, 200, { ok: true, res: result ?? null });
  } catch (err) {
    const apiError =
      err instanceof ApiError
        ? err
        : new ApiError('failed', err instanceof Error ? err.message : String(err));
    sendJson(res, STATUS_BY_KIND[apiError.kind], { ok: false, error: apiError.toBody() });
  }
}

/** Starts the HTTP + WebSocket server on `host:port` (port 0 picks a free one). */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = newToken();
  let allowedHosts = new Set<string>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // No Access-Control-* header is ever sent: other origins cannot read any answer.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (!isTrustedOrigin(req, allowedHosts)) {
      res
        .writeHead(403, { 'Content-Type': 'text/plain' })
        .end('Forbidden: unexpected Host or Origin header.');
      return;
    }
    const offered = url.searchParams.get('token');
    if (req.method === 'GET' && offered !== null && sameToken(offered, token)) {
      // The token leaves the address bar (and history) at once; the cookie carries it from now on.
      res.writeHead(302, {
        'Set-Cookie': `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        'Cache-Control': 'no-store',
        Location: url.pathname,
      });
      res.end();
      return;
    }
    if (!isAuthorized(req, token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(
        'DirBench: open the URL that "dirbench serve" printed; it carries this session\'s access token.',
      );
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      void handleApi(options.handlers, url.pathname.slice('/api/'.length), req, res);
      return;
    }
    if (!rendererBuilt()) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(
        'The DirBench UI is not built yet: run "npm run build:renderer" in the project, then reload.',
      );
      return;
    }
    serveStatic(url.pathname, res);
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const refusal =
      url.pathname !== '/api/events'
        ? '404 Not Found'
        : !isTrustedOrigin(req, allowedHosts)
          ? '403 Forbidden'
          : !isAuthorized(req, token)
            ? '401 Unauthorized'
            : null;
    if (refusal !== null) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const unsubscribe = options.subscribe((message) => {
    const text = JSON.stringify(message);
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
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
    },
  };
}
