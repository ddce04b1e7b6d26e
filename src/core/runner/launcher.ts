// Starts load worker processes; the Node hosts fork them, Electron supplies a utilityProcess launcher.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compileCacheDir } from '../base/compileCache.ts';
import type { ParentToWorker, WorkerToParent } from '../loadgen/protocol.ts';

/** Absolute path of the worker entry module (the Electron host points utilityProcess at its bundled copy). */
export const WORKER_MODULE_PATH = fileURLToPath(
  // From the sources, the module itself; from a bundle (dist/cli, dist/electron), the worker beside it.
  import.meta.url.endsWith('.ts')
    ? new URL('../loadgen/worker.ts', import.meta.url)
    : new URL('./worker.mjs', import.meta.url),
);

/** A running worker process as the orchestrator sees it. */
export interface WorkerHandle {
  pid: number | undefined;
  send(message: ParentToWorker): void;
  onMessage(callback: (message: WorkerToParent) => void): void;
  /** Called once when the process has ended (and, under fork, its last messages were delivered). */
  onExit(callback: (code: number | null, signal: string | null) => void): void;
  /** Ends the process at once (used for workers that do not exit by themselves). */
  kill(): void;
  /**
   * Remote workers whose run goes on without them: `callback` hears once that the worker's host (a
   * load agent) was lost; nothing more comes from the worker, and no exit is reported.
   */
  onLost?(callback: (reason: string) => void): void;
}

/** Starts worker number `workerIndex` (0-based). */
export type WorkerLauncher = (workerIndex: number) => WorkerHandle;

/** Longest wait, after exit, for the IPC channel to deliver the messages a worker sent last. */
const DRAIN_WAIT_MS = 500;

/** A launcher that runs workers with child_process.fork on this Node (which strips the TypeScript). */
export function forkLauncher(modulePath: string = WORKER_MODULE_PATH): WorkerLauncher {
  return (workerIndex) => {
    const child = fork(modulePath, [`--worker=${workerIndex}`], {
      execPath: process.execPath,
      // Not the parent's flags: a test runner's or inspector's options must not leak into workers.
      execArgv: [],
      // Node compiles the worker's modules once per version, not once per worker and run.
      env: { ...process.env, NODE_COMPILE_CACHE: compileCacheDir() },
      // Structured clone: DN lists and nested objects cross without a JSON round trip.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let exited: { code: number | null; signal: string | null } | null = null;
    let drained = false;
    const exitCallbacks: ((code: number | null, signal: string | null) => void)[] = [];
    let reported = false;
    const report = (): void => {
      if (reported || exited === null) return;
      reported = true;
      for (const cb of exitCallbacks) cb(exited.code, exited.signal);
    };
    // 'exit' can overtake the last IPC messages; 'disconnect' comes after them.
    child.on('disconnect', () => {
      drained = true;
      report();
    });
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      if (drained || !child.connected) report();
      else setTimeout(report, DRAIN_WAIT_MS).unref();
    });
    child.on('error', (err) => {
      // Spawn failures (or a failed kill) come here; a spawn failure never emits 'exit'.
      if (child.pid === undefined && exited === null) {
        exited = { code: null, signal: `spawn failed: ${err.message}` };
        report();
      }
    });
    return {
      pid: child.pid,
      send(message) {
        if (child.connected) child.send(message);
      },
      onMessage(callback) {
        child.on('message', (message) => callback(message as WorkerToParent));
      },
      onExit(callback) {
        if (reported && exited !== null) callback(exited.code, exited.signal);
        else exitCallbacks.push(callback);
      },
      kill() {
        if (exited === null) child.kill('SIGKILL');
      },
    };
  };
}

/** A fork launcher whose first workers were started ahead, and the way to end the ones never used. */
export interface WarmLauncher {
  launcher: WorkerLauncher;
  /** Ends the workers started ahead that no run took (an idle worker's channel keeps this process up). */
  dispose(): void;
}

/**
 * Forks workers 0..count-1 now, so they load their code while the command prepares its run (opens
 * the store, checks the target); the run's launcher takes them, and forks any further one on demand.
 * A worker does nothing until its start message, so one started ahead is the same as a late one.
 */
export function warmForkLauncher(count: number, modulePath?: string): WarmLauncher {
  const fresh = forkLauncher(modulePath);
  const waiting = new Map<number, WorkerHandle>();
  for (let index = 0; index < count; index++) waiting.set(index, fresh(index));
  return {
    launcher(workerIndex) {
      const handle = waiting.get(workerIndex);
      if (handle === undefined) return fresh(workerIndex);
      waiting.delete(workerIndex);
      return handle;
    },
    dispose() {
      for (const handle of waiting.values()) handle.kill();
      waiting.clear();
    },
  };
}
