// What `dirbench responder` does: serves the built-in responder until SIGINT/SIGTERM (its spec is
// in responder.ts).
import { invalid } from '../../shared/errors.ts';
import { startResponder } from '../../core/responder/responder.ts';
import type { Responder } from '../../core/responder/responder.ts';
import { MAX_SERVICE_SLOTS, MAX_SERVICE_US } from '../../core/responder/serviceSlots.ts';
import type { ServiceModel } from '../../core/responder/serviceSlots.ts';
import { stopCause } from '../launcherWatch.ts';
import { isLoopbackHost, listenError } from '../listenError.ts';
import { intOption, printJsonLine } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { RESPONDER_OPTIONS } from './responderOptions.ts';

/**
 * Capacity above which the responder's own CPU, not its slots, may be what limits it: calibrate's
 * client reached 153,432 ops/s against it on the 2-core development machine (docs/measurements).
 */
const OWN_CPU_OPS_PER_SEC = 100_000;

/** What `dirbench responder --json` prints once it listens. */
export interface ResponderListening {
  url: string;
  host: string;
  port: number;
  baseDn: string;
  slots: number | null;
  serviceUs: number | null;
  capacityOpsPerSec: number | null;
}

/** The service model of --slots and --service-us (both or neither), or undefined. */
function serviceModelOf(options: RawOptions): ServiceModel | undefined {
  const given = (name: string): boolean => options[name] !== undefined;
  if (!given('slots') && !given('service-us')) return undefined;
  for (const [name, other] of [
    ['slots', 'service-us'],
    ['service-us', 'slots'],
  ] as const) {
    if (!given(other)) {
      throw invalid(
        `--${name}`,
        `--${name} goes with --${other}: give both (e.g. --slots 4 --service-us 500 for 8,000 ops/s), or neither for a responder that answers at once`,
      );
    }
  }
  return {
    slots: intOption(options, 'slots', 1, 1, MAX_SERVICE_SLOTS),
    serviceUs: intOption(options, 'service-us', 1, 1, MAX_SERVICE_US),
  };
}

function listening(responder: Responder, host: string, service?: ServiceModel): ResponderListening {
  return {
    url: responder.url,
    host,
    port: responder.port,
    baseDn: responder.baseDn,
    slots: service?.slots ?? null,
    serviceUs: service?.serviceUs ?? null,
    capacityOpsPerSec: responder.capacityOpsPerSec,
  };
}

function listeningText(result: ResponderListening): string {
  const capacity = result.capacityOpsPerSec;
  return (
    `DirBench responder at ${result.url} (any base DN, e.g. ${result.baseDn}; any simple bind)\n` +
    (capacity === null
      ? '  Answers at once: a run against it measures the client.\n'
      : `  ${result.slots} slots x ${result.serviceUs} us, first come first served: true capacity ` +
        `${capacity.toLocaleString('en-US', { maximumFractionDigits: 1 })} ops/s\n`) +
    '  Ctrl-C stops it.\n'
  );
}

/** Serves the responder until SIGINT/SIGTERM, then closes it; exit 0. */
export async function responderCommand(options: RawOptions): Promise<number> {
  const port = intOption(options, 'port', 0, 0, 65535);
  const host = typeof options.host === 'string' ? options.host : RESPONDER_OPTIONS.host.default;
  const service = serviceModelOf(options);
  // Listening for signals before the port opens: a stop right after the URL is printed is clean too.
  let stopped: ((cause: string) => void) | null = null;
  let early: string | null = null;
  const onSignal = (signal: NodeJS.Signals): void => {
    const cause = stopCause(signal);
    if (stopped === null) early ??= cause;
    else stopped(cause);
  };
  // Not once: a second signal (Ctrl-C also forwarded by the launcher) must not kill the shutdown.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const responder = await startResponder({
      port,
      host,
      ...(service === undefined ? {} : { service }),
    }).catch((err: unknown) => {
      throw listenError(err, host, port, { port: '--port', host: '--host' });
    });
    const result = listening(responder, host, service);
    if (options.json === true) printJsonLine(result);
    else process.stdout.write(listeningText(result));
    if ((result.capacityOpsPerSec ?? 0) > OWN_CPU_OPS_PER_SEC) {
      process.stderr.write(
        `WARNING: above about ${OWN_CPU_OPS_PER_SEC.toLocaleString('en-US')} ops/s the responder's own CPU may limit it before its slots do: use fewer --slots or a longer --service-us for a known answer.\n`,
      );
    }
    if (!isLoopbackHost(host)) {
      process.stderr.write(
        `WARNING: listening on ${host}: anyone who can reach it gets answers (it authenticates no one).\n`,
      );
    }
    const cause = await new Promise<string>((resolve) => {
      stopped = resolve;
      if (early !== null) resolve(early);
    });
    process.stderr.write(`${cause}: stopping the responder\n`);
    await responder.close();
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
