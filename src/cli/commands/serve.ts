// `dirbench serve`: browser mode on 127.0.0.1 (or an explicitly allowed interface).
import { invalid } from '../../shared/errors.ts';
import { startBrowserHost } from '../../host/server.ts';
import { rendererBuilt } from '../../host/static.ts';
import { openCore } from '../../core/app/core.ts';
import { forkLauncher } from '../../core/runner/launcher.ts';
import { intOption, locations } from '../options.ts';
import type { RawOptions } from '../options.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Runs the browser-mode host until SIGINT/SIGTERM, then stops its run and labs. */
export async function serveCommand(options: RawOptions): Promise<number> {
  const port = intOption(options, 'port', 7389, 0, 65535);
  const host = typeof options.host === 'string' ? options.host : '127.0.0.1';
  if (!LOOPBACK.has(host) && options['allow-remote'] !== true) {
    throw invalid(
      '--host',
      `--host ${host} is not a loopback address; add --allow-remote if you really want other machines to drive load from here`,
    );
  }
  const { dataDir, dbFile } = locations(options);
  const core = await openCore({ dbFile, dataDir, launcher: forkLauncher() });
  const server = await startBrowserHost({
    handlers: core.handlers,
    subscribe: core.subscribe,
    host,
    port,
  });
  if (!LOOPBACK.has(host)) {
    process.stderr.write(
      `WARNING: listening on ${host}: anyone who can reach it and has the token can send load from this machine.\n`,
    );
  }
  if (!rendererBuilt())
    process.stderr.write('The UI is not built: run "npm run build:renderer" first.\n');
  process.stdout.write(`Database: ${dbFile}\n`);
  process.stdout.write(`DirBench is serving at ${server.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.stderr.write(`${signal}: stopping the active run and labs...\n`);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  await core.shutdown('DirBench browser mode was stopped');
  return 0;
}
