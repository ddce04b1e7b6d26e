// Which modules a Node process loads: tests of start-up cost and of what the launcher runs.
import { spawnSync } from 'node:child_process';

/** An --import module that prints, on exit, every module URL the process loaded (one a line, on stderr). */
const TRACE = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
import { writeSync } from 'node:fs';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => writeSync(2, loaded.map((url) => 'loaded ' + url + '\\n').join('')));
`)}`;

/** What a traced process loaded, printed and how it exited. */
export interface TracedRun {
  loaded: string[];
  stdout: string;
  /** stderr without the trace's lines. */
  stderr: string;
  status: number | null;
}

/** Runs `node ENTRY ARGS` (compile cache off, so every module is loaded for real) with the trace on. */
export function traceModules(entry: string, args: readonly string[]): TracedRun {
  const result = spawnSync(process.execPath, ['--import', TRACE, entry, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
  });
  const lines = result.stderr.split('\n');
  return {
    loaded: lines.filter((l) => l.startsWith('loaded ')).map((l) => l.slice('loaded '.length)),
    stdout: result.stdout,
    stderr: lines.filter((l) => !l.startsWith('loaded ')).join('\n'),
    status: result.status,
  };
}
