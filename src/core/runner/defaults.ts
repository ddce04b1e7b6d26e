// Engine defaults that depend on the machine.
import os from 'node:os';

/** Default number of load worker processes: one per core, leaving one for the host. */
export function defaultWorkerCount(): number {
  return Math.max(1, os.availableParallelism() - 1);
}
