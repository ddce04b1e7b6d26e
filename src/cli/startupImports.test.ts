import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { dirbenchVersion } from '../core/base/version.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));

/** An --import module that prints, on exit, every module URL the process loaded (one a line, on stderr). */
const TRACE = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
import { writeSync } from 'node:fs';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => writeSync(2, loaded.map((url) => 'loaded ' + url + '\\n').join('')));
`)}`;

/** The modules `dirbench ARGS` loads (run from `entry`), and what it printed. */
function modulesOf(args: string[], entry = MAIN): { loaded: string[]; stdout: string } {
  const result = spawnSync(process.execPath, ['--import', TRACE, entry, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
  });
  assert.equal(result.status, 0, result.stderr);
  const loaded = result.stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded '))
    .map((line) => line.slice('loaded '.length));
  return { loaded, stdout: result.stdout };
}

/** Dependencies only some commands need: charts, PNGs, the broker client, the store, histograms. */
const HEAVY =
  /node_modules\/(echarts|zrender|@resvg|@nats-io|better-sqlite3|hdr-histogram-js|ws)\//;

test('--version and help load no command implementation and no heavy dependency', () => {
  for (const args of [['--version'], ['--help'], ['runs', 'list', '--help']]) {
    const { loaded, stdout } = modulesOf(args);
    assert.ok(stdout.length > 0, `${args.join(' ')} printed nothing`);
    assert.ok(loaded.length > 10, `the trace saw ${loaded.length} modules`);
    assert.deepEqual(
      loaded.filter((url) => HEAVY.test(url) || /\/commands\/\w+Impl\.ts$/.test(url)),
      [],
      `dirbench ${args.join(' ')}`,
    );
  }
});

test('the installed command answers --version without loading any TypeScript', () => {
  const { loaded, stdout } = modulesOf(['--version'], BIN);
  assert.equal(stdout, `${dirbenchVersion()}\n`);
  assert.deepEqual(
    loaded.filter((url) => url.endsWith('.ts')),
    [],
  );
});
