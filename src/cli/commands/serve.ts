// `dirbench serve`: browser mode on 127.0.0.1 (or an explicitly allowed interface). The work is in
// serveImpl.ts, loaded when the command runs.
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { givenText } from '../options.ts';
import { SERVE_OPTIONS } from './serveOptions.ts';

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
  run: async (_args, options) => (await import('./serveImpl.ts')).serveCommand(options),
  activity: (_args, options) =>
    `serve on ${givenText(options, 'host', SERVE_OPTIONS.host.default)}:${givenText(options, 'port', String(SERVE_OPTIONS.port.default))}`,
};
