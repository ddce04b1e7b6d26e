// Browser mode: serves the React UI and the same handler map over HTTP, live events over WebSocket.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { LiveMetrics } from '../core/metrics/liveMetrics.ts';
import type { ApiEventMessage, ApiHandlers } from '../shared/api.ts';
import { allowedHostsFor, newToken } from './auth.ts';
import { EVENT_SOCKET_MAX_PAYLOAD_BYTES, refuseOnSocket } from './eventSocket.ts';
import { HostLog } from './hostLog.ts';
import { debugWanted } from '../core/ldap/unexpected.ts';
import { answerUnexpected, describeRequest, refuse } from './httpAnswers.ts';
import { answerRequest } from './httpRoutes.ts';
import { RequestRefused } from './requestChecks.ts';
import { answerClientError, answerUpgrade } from './socketRoutes.ts';

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

/** Starts the HTTP + WebSocket server on `host:port` (port 0 picks a free one). */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = newToken();
  let allowedHosts = new Set<string>();
  const writeLog = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const log = new HostLog(writeLog, debugWanted());
  const wss = new WebSocketServer({ noServer: true, maxPayload: EVENT_SOCKET_MAX_PAYLOAD_BYTES });
  // Prometheus scrapes /metrics with the token as a bearer header.
  const metrics = new LiveMetrics();
  const gate = { log, token, allowedHosts: () => allowedHosts };
  const routes = { ...gate, handlers: options.handlers, metrics };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    answerRequest(routes, req, res).catch((err: unknown) => {
      if (err instanceof RequestRefused) refuse(log, req, res, err);
      else answerUnexpected(log, req, res, `${req.method ?? '?'} request`, err);
    });
  };
  const server = createServer(onRequest);
  // Node would answer `Expect: 100-continue` before any check; the API asks for the body itself.
  server.on('checkContinue', onRequest);
  server.on('clientError', (err: NodeJS.ErrnoException, socket) =>
    answerClientError(log, err, socket),
  );
  wss.on('wsClientError', (err, socket, req) => {
    log.refused('ws-handshake', 400, `${describeRequest(req)}: ${err.message}`);
    refuseOnSocket(socket, 400, err.message);
  });
  server.on('upgrade', (req, socket, head) => answerUpgrade({ ...gate, wss }, req, socket, head));

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
