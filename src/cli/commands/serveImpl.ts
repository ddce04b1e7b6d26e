// What `dirbench serve` does: runs browser mode until stopped (its spec is in serve.ts).
import { invalid } from '../../shared/errors.ts';
import { startBrowserHost } from '../../host/server.ts';
import { rendererBuilt } from '../../host/static.ts';
import { openCore } from '../../core/app/core.ts';
import { forkLauncher } from '../../core/runner/launcher.ts';
import { guardCore } from '../guard.ts';
import { isLoopbackHost, listenError } from '../listenError.ts';
import { stopCause } from '../launcherWatch.ts';
import { intOption, locations } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { SERVE_OPTIONS } from './serveOptions.ts';

/** Runs the browser-mode host until SIGINT/SIGTERM, then stops its run and labs. */
export async function serveCommand(options: RawOptions): Promise<number> {
  const port = intOption(options, 'port', SERVE_OPTIONS.port.default, 0, 65535);
  const host = typeof options.host === 'string' ? options.host : SERVE_OPTIONS.host.default;
  if (!isLoopbackHost(host) && options['allow-remote'] !== true) {
    throw invalid(
      '--host',
      `--host ${host} is not a loopback address; add --allow-remote if you really want other machines to drive load from here`,
    );
  }
  const { dataDir, dbFile } = locations(options);
  const core = await openCore({
    dbFile,
    dataDir,
    launcher: forkLauncher(),
    log: (line) => void process.stderr.write(`${line}\n`),
  });
  // An error that escapes the host (it answers its handlers' own) fails the run in progress.
  const forget = guardCore(core);
  const server = await startBrowserHost({
    handlers: core.handlers,
    subscribe: core.subscribe,
    host,
    port,
  }).catch(async (err: unknown) => {
    forget();
    await core.shutdown('DirBench browser mode could not listen');
    throw listenError(err, host, port, { port: '--port', host: '--host', usualPort: 7389 });
  });
  if (!isLoopbackHost(host)) {
    process.stderr.write(
      `WARNING: listening on ${host}: anyone who can reach it and has the token can send load from this machine.\n`,
    );
  }
  if (!rendererBuilt())
    process.stderr.write('The UI is not built: run "npm run build:renderer" first.\n');
  process.stdout.write(`Database: ${dbFile}\n`);
  process.stdout.write(`DirBench is serving at ${server.url}\n`);
  const metricsUrl = new URL('/metrics', server.url).href;
  process.stdout.write(`Prometheus metrics at ${metricsUrl} (the token as a bearer header)\n`);
  const cause = await new Promise<string>((resolve) => {
    const stop = (signal: NodeJS.Signals) => resolve(stopCause(signal));
    // Not once: a second signal (Ctrl-C also forwarded by the launcher) must not kill the shutdown.
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  process.stderr.write(`${cause}: stopping the active run, labs, agents and brokers...\n`);
  await server.close();
  forget();
  await core.shutdown(`DirBench browser mode was stopped (${cause})`);
  return 0;
}
