// `dirbench run` / `matrix run|resume` --metrics-port N: live OpenMetrics for Prometheus while the command's runs last.
import { invalid } from '../../shared/errors.ts';
import type { MetricsEndpoint } from '../../host/metricsEndpoint.ts';
import type { ApiEventMessage } from '../../shared/api.ts';
import type { OptionGroup, OptionTable } from '../commandSpec.ts';
import { listenError } from '../listenError.ts';
import { intOption } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** The options that place the endpoint, for listen errors (9464 is usual for exporters). */
const METRICS_LISTEN = { port: '--metrics-port', host: '--metrics-host', usualPort: 9464 };

/** The longest --metrics-linger: long enough for a slow scrape interval, short enough to notice. */
const MAX_LINGER_S = 600;

/** The live-metrics options, worded for what the endpoint lasts as long as ("run", "campaign"). */
export function metricsOptions(span: string) {
  return {
    'metrics-port': {
      type: 'string',
      value: 'N',
      description: `serve OpenMetrics for Prometheus at http://127.0.0.1:N/metrics while the ${span} lasts (0 picks a free port)`,
    },
    'metrics-host': {
      type: 'string',
      value: 'ADDRESS',
      description: 'interface --metrics-port listens on (another than loopback prints a warning)',
      default: '127.0.0.1',
    },
    'metrics-linger': {
      type: 'string',
      value: 'S',
      description: `keep /metrics up S seconds after the ${span} ends, for a last scrape`,
      default: 0,
    },
  } as const satisfies OptionTable;
}

/** The live-metrics options of `dirbench run`. */
export const METRICS_OPTIONS = metricsOptions('run');

/** Their help group, for a command whose endpoint lasts as long as its `span`. */
export function metricsGroup(span: string): OptionGroup {
  return {
    title: 'Live metrics (Prometheus)',
    options: metricsOptions(span),
    notes: [
      'Metrics: dirbench_operations_total, dirbench_errors_total, dirbench_operation_latency_seconds',
      '(histogram), dirbench_behind_schedule_total, client telemetry; docs/live-metrics.md lists them.',
    ],
  };
}

/** The help group of `dirbench run`. */
export const METRICS_GROUP: OptionGroup = metricsGroup('run');

/** A CLI command's metrics endpoint: listens once the core is open, closes when the command ends. */
export interface CliMetrics {
  /** Starts listening (a no-op without --metrics-port); a port in use is a user error naming it. */
  listen(subscribe: (listener: (message: ApiEventMessage) => void) => () => void): Promise<void>;
  /** Waits --metrics-linger seconds, then stops listening. */
  close(): Promise<void>;
}

/** Reads the options (before anything starts, so a mistake costs nothing). */
export function cliMetrics(options: RawOptions): CliMetrics {
  const port =
    options['metrics-port'] === undefined ? null : intOption(options, 'metrics-port', 0, 0, 65535);
  const host =
    typeof options['metrics-host'] === 'string'
      ? options['metrics-host']
      : METRICS_OPTIONS['metrics-host'].default;
  const lingerS = intOption(options, 'metrics-linger', 0, 0, MAX_LINGER_S);
  if (port === null) {
    for (const name of ['metrics-host', 'metrics-linger']) {
      if (options[name] !== undefined)
        throw invalid(`--${name}`, `--${name} needs --metrics-port N`);
    }
  }
  let endpoint: MetricsEndpoint | null = null;
  return {
    async listen(subscribe) {
      if (port === null) return;
      // The HTTP endpoint loads only when --metrics-port asks for it.
      const { startMetricsEndpoint } = await import('../../host/metricsEndpoint.ts');
      endpoint = await startMetricsEndpoint({ host, port, subscribe }).catch((err: unknown) => {
        throw listenError(err, host, port, METRICS_LISTEN);
      });
      if (!endpoint.loopback) {
        process.stderr.write(
          `WARNING: metrics on ${host}: anyone who reaches it reads the run's targets and figures.\n`,
        );
      }
      process.stderr.write(`Metrics at ${endpoint.url}\n`);
    },
    async close() {
      if (endpoint === null) return;
      if (lingerS > 0) {
        process.stderr.write(`Metrics stay at ${endpoint.url} for ${lingerS} s\n`);
        await new Promise((resolve) => setTimeout(resolve, lingerS * 1000));
      }
      await endpoint.close();
      endpoint = null;
    },
  };
}
