// Starts load workers as Electron utility processes (the desktop counterpart of child_process.fork).
import { utilityProcess } from 'electron';
import { join } from 'node:path';
import type { WorkerHandle, WorkerLauncher } from '../src/core/runner/launcher.ts';

/** Wait after a worker exits before reporting it, so its final interval is not lost. */
const EXIT_DRAIN_MS = 300;

type WorkerMessage = Parameters<WorkerHandle['send']>[0];
type ParentMessage = Parameters<Parameters<WorkerHandle['onMessage']>[0]>[0];

/** A launcher that forks the bundled worker module (dist/electron/worker.mjs) as utility processes. */
export function utilityProcessLauncher(bundleDir: string): WorkerLauncher {
  const modulePath = join(bundleDir, 'worker.mjs');
  return (workerIndex) => {
    const child = utilityProcess.fork(modulePath, [], {
      serviceName: `DirBench load worker ${workerIndex + 1}`,
      stdio: 'inherit',
    });
    return {
      get pid() {
        return child.pid;
      },
      send(message: WorkerMessage) {
        child.postMessage(message);
      },
      onMessage(callback: (message: ParentMessage) => void) {
        child.on('message', (message: ParentMessage) => callback(message));
      },
      onExit(callback: (code: number | null, signal: string | null) => void) {
        // 'exit' can overtake the worker's last posted messages; give them time to arrive first.
        child.on('exit', (code) => setTimeout(() => callback(code, null), EXIT_DRAIN_MS));
      },
      kill() {
        child.kill();
      },
    };
  };
}
