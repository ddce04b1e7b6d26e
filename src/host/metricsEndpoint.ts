// A stand-alone `/metrics` endpoint for a CLI run (`dirbench run --metrics-port N`): no UI, no
// API, no token; on loopback by default, where only Host headers naming this server are answered.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LiveMetrics } from '../core/metrics/liveMetrics.ts';
import type { ApiEventMessage } from '../shared/api.ts';
import { allowedHostsFor, isTrustedOrigin } from './auth.ts';
import { METRICS_PATH, answerMetrics } from './metricsRoute.ts';
import { RequestRefused } from './requestChecks.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Where the endpoint listens and the core events it counts. */
export interface MetricsEndpointOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  subscribe: (listener: (message: ApiEventMessage) => void) => () => void;
  /** Where unexpected errors go, one line each (stderr by default). */
  log?: (line: string) => void;
}

/** A listening metrics endpoint. */
export interface MetricsEndpoint {
  /** The scrape URL, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  port: number;
  /** False when it listens on another interface than loopback (anyone who reaches it may read it). */
  loopback: boolean;
  close(): Promise<void>;
}

/** Starts the endpoint; rejects with the listen error (EADDRINUSE, say) before anything else starts. */
export async function startMetricsEndpoint(
  options: MetricsEndpointOptions,
): Promise<MetricsEndpoint> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const metrics = new LiveMetrics();
  const loopback = LOOPBACK.has(options.host);
  let allowedHosts = new Set<string>();

  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // On loopback a web page's DNS-rebound name must not read it; elsewhere Prometheus may use any name.
    if (loopback && !isTrustedOrigin(req, allowedHosts)) {
      throw new RequestRefused(
        403,
        'forbidden-origin',
        'Forbidden: unexpected Host or Origin header.',
      );
    }
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) {
      throw new RequestRefused(404, 'bad-path', `Only ${METRICS_PATH} is served here.`);
    }
    answerMetrics(req.method, res, metrics);
  };

  const server = createServer((req, res) => {
    try {
      answer(req, res);
    } catch (err) {
      const refused = err instanceof RequestRefused;
      if (!refused)
        log(`dirbench metrics endpoint: ${err instanceof Error ? err.message : String(err)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(refused ? err.status : 500, {
        'Content-Type': 'text/plain; charset=utf-8',
        ...(refused ? err.headers : {}),
      });
      res.end(refused ? err.message : 'DirBench hit an internal error.');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  server.on('error', (err) => log(`dirbench metrics endpoint: ${err.message}`));
  const port = (server.address() as AddressInfo).port;
  allowedHosts = allowedHostsFor(options.host, port);
  const unsubscribe = options.subscribe((message) => {
    // Called inside the core's emit: a surprise here must not reach the run's sample loop.
    try {
      metrics.observe(message);
    } catch (err) {
      log(`dirbench metrics endpoint: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  const hostInUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${hostInUrl}:${port}${METRICS_PATH}`,
    port,
    loopback,
    async close() {
      unsubscribe();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
