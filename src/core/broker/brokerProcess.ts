// The nats-server process of a broker: started in the foreground (under the watchdog unless it
// must outlive us), waited on until it serves TLS and JetStream, found and stopped by PID.
import { waitForServer } from '../lab/ldapReady.ts';
import { spawnForeground } from '../lab/foregroundServer.ts';
import type { ForegroundServer } from '../lab/foregroundServer.ts';
import { processMatches, stopProcess } from '../lab/processes.ts';
import type { StopOutcome } from '../lab/processes.ts';
import type { ProcessExit } from '../lab/watchdog.ts';
import { ApiError } from '../../shared/errors.ts';
import { connectWithCredentials } from './connect.ts';
import type { BrokerCredentials } from './credentials.ts';

/** How long SIGTERM has before SIGKILL when a broker stops. */
const STOP_GRACE_MS = 10_000;

/** Starts `binary -c configFile`; its output goes to `logPath`. Does not wait for it to answer. */
export function spawnNatsServer(
  binary: string,
  configFile: string,
  logPath: string,
  persistent: boolean,
): Promise<ForegroundServer> {
  return spawnForeground(binary, ['-c', configFile], {
    logPath,
    persistent,
    program: 'nats-server',
  });
}

/** True when `pid` is the nats-server running `configFile` (a PID read back later may be reused). */
export function isBrokerProcess(pid: number, configFile: string): boolean {
  return processMatches(pid, ['nats-server', configFile]);
}

/** Stops the nats-server running `configFile`: SIGTERM, then SIGKILL after a grace period. */
export function stopBrokerProcess(pid: number, configFile: string): Promise<StopOutcome> {
  return stopProcess(pid, ['nats-server', configFile], STOP_GRACE_MS);
}

/** One connection as the coordinator and one JetStream account query; resolves when both work. */
async function probe(credentials: BrokerCredentials): Promise<void> {
  const nc = await connectWithCredentials(credentials, {
    timeoutMs: 1_000,
    reconnect: false,
    name: 'dirbench-ready-probe',
  });
  try {
    const { jetstreamManager } = await import('@nats-io/jetstream');
    await jetstreamManager(nc, { timeout: 2_000 });
  } finally {
    await nc.close();
  }
}

/** What to wait for. */
export interface BrokerReadyWait {
  credentials: BrokerCredentials;
  exited: Promise<ProcessExit>;
  logPath: string;
  timeoutMs: number;
}

/**
 * Polls until the broker accepts the coordinator over TLS and answers JetStream; fails early when
 * nats-server exits (ServerExitedError, with its log) or refuses the credentials, else at the timeout.
 */
export function waitForBroker(w: BrokerReadyWait): Promise<void> {
  return waitForServer(
    {
      what: 'nats-server',
      url: w.credentials.url,
      exited: w.exited,
      logPath: w.logPath,
      timeoutMs: w.timeoutMs,
    },
    {
      probe: () => probe(w.credentials),
      // Refused credentials or certificate will not get better by waiting.
      fatal: (err) => err instanceof ApiError && err.kind === 'failed' && err.field !== 'url',
    },
  );
}
