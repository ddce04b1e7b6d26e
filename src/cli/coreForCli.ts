// Opens the core for one CLI command with forked worker processes, and shuts it down on signals.
import { openCore } from '../core/app/core.ts';
import type { Core } from '../core/app/core.ts';
import { forkLauncher } from '../core/runner/launcher.ts';
import { stopCause } from './launcherWatch.ts';
import { locations } from './options.ts';
import type { RawOptions } from './options.ts';

/**
 * Opens the core and makes SIGINT/SIGTERM (and the end of the bin.mjs launcher, which raises
 * SIGTERM) stop the run and owned labs cleanly before exiting.
 */
export async function openCliCore(options: RawOptions): Promise<Core> {
  const { dataDir, dbFile } = locations(options);
  const core = await openCore({ dbFile, dataDir, launcher: forkLauncher() });
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    const cause = stopCause(signal);
    process.stderr.write(`\n${cause}: stopping (the seconds measured so far are kept)...\n`);
    void core
      .shutdown(cause === signal ? `stopped by ${signal}` : `stopped: ${cause}`)
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  // Not once: under the launcher, Ctrl-C reaches this process twice (from the terminal and
  // forwarded), and a second signal with no listener left would kill it mid-shutdown.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return core;
}

/** Runs one command's work with the core open, and shuts the core down after, whatever happened. */
export async function withCliCore<T>(
  options: RawOptions,
  work: (core: Core) => Promise<T> | T,
): Promise<T> {
  const core = await openCliCore(options);
  try {
    return await work(core);
  } finally {
    await core.shutdown('CLI command ended');
  }
}
