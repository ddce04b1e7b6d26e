// `dirbench serve`: browser mode on 127.0.0.1 (or an explicitly allowed interface).
import { invalid } from '../../shared/errors.ts';
import { startBrowserHost } from '../../host/server.ts';
import { rendererBuilt } from '../../host/static.ts';
import { openCore } from '../../core/app/core.ts';
import { forkLauncher } from '../../core/runner/launcher.ts';
import type { CommandSpec, OptionTable } from '../commandSpec.ts';
import { guardCore } from '../guard.ts';
import { listenError } from '../listenError.ts';
import { commonGroup } from '../commonOptions.ts';
import { stopCause } from '../launcherWatch.ts';
import { givenText, intOption, locations } from '../options.ts';
import type { RawOptions } from '../options.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Where browser mode listens. */
const SERVE_OPTIONS = {
  port: {
    type: 'string',
    value: 'N',
    description: 'port to listen on (0 picks a free one)',
    default: 7389,
  },
  host: {
    type: 'string',
    value: 'ADDRESS',
    description: 'interface to listen on; another than loopback needs --allow-remote',
    default: '127.0.0.1',
  },
  'allow-remote': {
    type: 'boolean',
    description:
      'allow --host on another interface (prints a warning: anyone who reaches it with the token can send load from here)',
  },
} as const satisfies OptionTable;

/** Runs the browser-mode host until SIGINT/SIGTERM, then stops its run and labs. */
export async function serveCommand(options: RawOptions): Promise<number> {
  const port = intOption(options, 'port', SERVE_OPTIONS.port.default, 0, 65535);
  const host = typeof options.host === 'string' ? options.host : SERVE_OPTIONS.host.default;
  if (!LOOPBACK.has(host) && options['allow-remote'] !== true) {
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
  if (!LOOPBACK.has(host)) {
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

/** `dirbench serve`. */
export const serveSpec: CommandSpec = {
  name: 'serve',
  summary: 'browser mode: serves the UI and prints the URL to open',
  usage: ['dirbench serve [--port N] [--host 127.0.0.1] [--allow-remote]'],
  args: [],
  about: [
    'Listens on 127.0.0.1 and prints a URL with a per-start access token; Ctrl-C stops the active run',
    'and labs. Another interface needs --host ADDRESS --allow-remote, and prints a warning.',
    'Prometheus scrapes live run metrics (OpenMetrics) at /metrics with the token as a bearer header:',
    '"Authorization: Bearer TOKEN" (docs/live-metrics.md: Prometheus and Grafana).',
  ],
  groups: [{ title: 'Options', options: SERVE_OPTIONS }, commonGroup()],
  examples: [
    { what: 'the UI on http://127.0.0.1:7389/', line: 'dirbench serve' },
    {
      what: 'another port and database',
      line: 'dirbench serve --port 8080 --db ./bench.sqlite',
    },
  ],
  run: (_args, options) => serveCommand(options),
  activity: (_args, options) =>
    `serve on ${givenText(options, 'host', SERVE_OPTIONS.host.default)}:${givenText(options, 'port', String(SERVE_OPTIONS.port.default))}`,
};
