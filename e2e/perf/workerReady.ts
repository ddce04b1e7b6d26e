// Time from forking a load worker to its `ready` message (connections open and bound), against a
// responder on loopback, as the orchestrator forks them.
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import type { WorkerStartMessage } from '../../src/core/loadgen/protocol.ts';
import { READ_RANDOM } from '../../src/core/workload/builtin.ts';

/** Longest wait for one worker's `ready`. */
const READY_TIMEOUT_MS = 30_000;

/** A one-worker run's start message: `connections` connections to `url`, a second of load. */
function startMessage(url: string, baseDn: string, connections: number): WorkerStartMessage {
  return {
    type: 'start',
    workerIndex: 0,
    connection: { url, startTls: false, bindDn: '', password: '', tcpNoDelay: true },
    connections,
    depth: 1,
    workload: READ_RANDOM,
    runTag: 'startup-bench',
    workers: 1,
    dnSource: { kind: 'list', dns: [`uid=user.0,${baseDn}`] },
    seed: 1,
    warmupS: 0,
    durationS: 1,
  };
}

/** Forks one worker (from `modulePath`, else the launcher's default), and returns ms from fork to ready. */
export async function workerReadyMs(
  url: string,
  baseDn: string,
  connections: number,
  modulePath?: string,
): Promise<number> {
  const start = performance.now();
  const worker = forkLauncher(modulePath)(0);
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ready from the worker in ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      );
      worker.onMessage((message) => {
        if (message.type === 'ready') resolve(performance.now() - start);
        else if (message.type === 'fatal') reject(new Error(message.error.message));
        if (message.type === 'ready' || message.type === 'fatal') clearTimeout(timer);
      });
      worker.onExit((code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the worker exited before ready (${String(code ?? signal)})`));
      });
      worker.send(startMessage(url, baseDn, connections));
    });
  } finally {
    worker.kill();
  }
}
