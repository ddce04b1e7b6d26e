import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { dirbenchVersion } from '../core/base/version.ts';
import { traceModules } from '../core/testing/moduleTrace.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));

/** The modules `dirbench ARGS` loads (run from `entry`), and what it printed. */
function modulesOf(args: string[], entry = MAIN): { loaded: string[]; stdout: string } {
  const run = traceModules(entry, args);
  assert.equal(run.status, 0, run.stderr);
  return run;
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
