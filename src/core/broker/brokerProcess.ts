// The nats-server process of a broker: started in the foreground (under the watchdog unless it
// must outlive us), waited on until it serves TLS and JetStream, found and stopped by PID.
import { jetstreamManager } from '@nats-io/jetstream';
import { ServerExitedError } from '../lab/ldapReady.ts';
import { spawnForeground } from '../lab/foregroundServer.ts';
import type { ForegroundServer } from '../lab/foregroundServer.ts';
import { logTail } from '../lab/logTail.ts';
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One connection as the coordinator and one JetStream account query; resolves when both work. */
async function probe(credentials: BrokerCredentials): Promise<void> {
  const nc = await connectWithCredentials(credentials, {
    timeoutMs: 1_000,
    reconnect: false,
    name: 'dirbench-ready-probe',
  });
  try {
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
export async function waitForBroker(w: BrokerReadyWait): Promise<void> {
  const seen: { exit: ProcessExit | null } = { exit: null };
  void w.exited.then((e) => {
    seen.exit = e;
  });
  const deadline = Date.now() + w.timeoutMs;
  let lastError: string;
  for (;;) {
    if (seen.exit !== null) {
      throw new ServerExitedError('nats-server', seen.exit, logTail(w.logPath), w.logPath);
    }
    try {
      await probe(w.credentials);
      return;
    } catch (err) {
      // Refused credentials or certificate will not get better by waiting.
      if (err instanceof ApiError && err.kind === 'failed' && err.field !== 'url') throw err;
      lastError = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `nats-server did not answer on ${w.credentials.url} within ${Math.round(w.timeoutMs / 1000)} s (last error: ${lastError}). ` +
          `Log: ${logTail(w.logPath) || 'empty'} (full log: ${w.logPath})`,
      );
    }
    await sleep(100);
  }
}
