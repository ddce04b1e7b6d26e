// The `/metrics` answer both hosts share: the live metrics of their core's runs, for Prometheus.
import type { ServerResponse } from 'node:http';
import type { LiveMetrics } from '../core/metrics/liveMetrics.ts';
import { OPENMETRICS_CONTENT_TYPE } from '../core/metrics/openMetrics.ts';
import { checkMethod } from './requestChecks.ts';

/** Where the metrics are scraped. */
export const METRICS_PATH = '/metrics';

/** Answers a scrape (GET or HEAD; anything else is refused 405 by a thrown RequestRefused). */
export function answerMetrics(
  method: string | undefined,
  res: ServerResponse,
  metrics: LiveMetrics,
): void {
  checkMethod(method, ['GET', 'HEAD']);
  const body = metrics.render();
  res.writeHead(200, {
    'Content-Type': OPENMETRICS_CONTENT_TYPE,
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
  });
  res.end(method === 'HEAD' ? undefined : body);
}
