// Opens the core for one CLI command with forked worker processes, and shuts it down on signals.
import { openCore } from '../core/app/core.ts';
import type { Core } from '../core/app/core.ts';
import { splitConnections } from '../core/base/split.ts';
import { defaultWorkerCount } from '../core/runner/defaults.ts';
import { forkLauncher, warmForkLauncher } from '../core/runner/launcher.ts';
import { signalExitCode } from './commandSpec.ts';
import { failCore, guardCore } from './guard.ts';
import { stopCause } from './launcherWatch.ts';
import { locations } from './options.ts';
import type { RawOptions } from './options.ts';

/**
 * Runs one command's work with the core open and shuts the core down after, whatever happened.
 * SIGINT/SIGTERM (and the end of the bin.mjs launcher, which raises SIGTERM) stop the run and owned
 * labs cleanly, then exit 130/143; an error that escapes the work ends the run in progress as
 * failed with that error (not as "stopped"), as does an error the CLI's process guard catches
 * meanwhile.
 */
export async function withCliCore<T>(
  options: RawOptions,
  work: (core: Core) => Promise<T> | T,
  endReason = 'CLI command ended',
  warmWorkers = 0,
): Promise<T> {
  const { dataDir, dbFile } = locations(options);
  // Workers a run will need start loading now, while the store opens and the run is prepared.
  const warm = warmWorkers > 0 ? warmForkLauncher(warmWorkers) : null;
  let core: Core;
  try {
    core = await openCore({ dbFile, dataDir, launcher: warm?.launcher ?? forkLauncher() });
  } catch (err) {
    warm?.dispose();
    throw err;
  }
  const forget = guardCore(core);
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (signalled) return;
    signalled = true;
    const cause = stopCause(signal);
    process.stderr.write(`\n${cause}: stopping (the seconds measured so far are kept)...\n`);
    void core
      .shutdown(cause === signal ? `stopped by ${signal}` : `stopped: ${cause}`)
      .finally(() => process.exit(signalExitCode(signal)));
  };
  // Not once: under the launcher, Ctrl-C reaches this process twice (from the terminal and
  // forwarded), and a second signal with no listener left would kill it mid-shutdown.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(core);
  } catch (err) {
    await failCore(core, err);
    throw err;
  } finally {
    forget();
    await core.shutdown(endReason);
    warm?.dispose();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The local worker processes a run of these settings uses: one per share of its connections. */
export function localWorkerCount(request: { workers?: number; connections?: number }): number {
  return splitConnections(request.connections ?? 1, request.workers ?? defaultWorkerCount()).length;
}
