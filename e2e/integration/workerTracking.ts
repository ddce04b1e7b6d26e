// Test helper: a fork launcher that remembers worker PIDs, and a check that none outlived its run.
import assert from 'node:assert/strict';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import type { WorkerLauncher } from '../../src/core/runner/launcher.ts';
import { processAlive } from '../../src/core/lab/processes.ts';

/** forkLauncher that remembers worker PIDs, to check that none outlives its run. */
export function trackedLauncher(): { launcher: WorkerLauncher; pids: number[] } {
  const base = forkLauncher();
  const pids: number[] = [];
  return {
    pids,
    launcher: (index) => {
      const handle = base(index);
      if (handle.pid !== undefined) pids.push(handle.pid);
      return handle;
    },
  };
}

/** Fails unless every PID has exited within 2 s (a killed worker is reaped a moment after its run resolved). */
export async function assertAllExited(pids: number[]): Promise<void> {
  const deadline = Date.now() + 2000;
  while (pids.some(processAlive) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(pids.filter(processAlive), [], 'no worker process left running');
}
