// A lab used from a script, stderr to a pipe as in CI: `lab start` and `run` print progress as
// plain lines (no carriage return, no escape code; a run's seconds every 5 s, not each one), and
// the id `lab start` prints names the lab wherever a stored target id is taken (`run --target
// LAB-ID`, a matrix's servers); an id naming neither is refused naming both kinds.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { matrixSpecFixture } from '../../src/core/testing/matrixSpecFixture.ts';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-cli-lab-scripted-'));
let lab: { id: string; targetId: string; url: string } | null = null;
let labStartStderr = '';

function cli(args: string[]): Promise<CliResult> {
  return runCli(args, dataDir, 60_000);
}

before(async () => {
  const started = await cli(['lab', 'start', 'openldap', '--entries', '2000', '--json']);
  assert.equal(started.code, 0, started.stderr);
  labStartStderr = started.stderr;
  lab = JSON.parse(started.stdout) as { id: string; targetId: string; url: string };
  assert.match(lab.id, /^lab-/);
});
after(async () => {
  if (lab !== null) await cli(['lab', 'stop', lab.id]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Asserts `stderr` is whole plain lines: no carriage return, no escape code, ends with a newline. */
function assertPlain(stderr: string): void {
  for (const control of ['\r', '\x1b'])
    assert.ok(!stderr.includes(control), `${JSON.stringify(control)} in ${JSON.stringify(stderr)}`);
  assert.match(stderr, /\n$/);
}

test('lab start into a pipe prints each step as a plain line', () => {
  assertPlain(labStartStderr);
  const lines = labStartStderr.trimEnd().split('\n');
  assert.match(lines[0] ?? '', /^Preparing 2,000 entries/);
  assert.match(lines.at(-1) ?? '', /^Ready at ldap:\/\/127\.0\.0\.1:\d+$/);
  // How each step ended is there too: the count that verified the load.
  assert.ok(lines.includes('Verified 2,012 entries (100%)'), labStartStderr);
});

test('run --target LAB-ID runs on the lab; into a pipe its seconds come every 5 s', async () => {
  const { id, url } = lab ?? assert.fail('no lab');
  const args = ['--connections', '2', '--warmup', '1', '--duration', '7', '--json'];
  const result = await cli(['run', '--target', id, ...args]);
  assert.equal(result.code, 0, result.stderr);
  const summary = JSON.parse(result.stdout) as { status: string; target: { url: string } };
  assert.equal(summary.status, 'completed');
  assert.equal(summary.target.url, url);
  assertPlain(result.stderr);
  // Of 8 seconds: the warm-up's, the first measured, one 5 s later and the last.
  const seconds = result.stderr.match(/^\[ *\d+\/8s\] .*$/gm) ?? [];
  assert.deepEqual(
    seconds.map((line) => /^\[ *(\d+)/.exec(line)?.[1]),
    ['1', '2', '7', '8'],
    result.stderr,
  );
});

test("a matrix's servers take the lab id, in the file and in --servers", async () => {
  const { id } = lab ?? assert.fail('no lab');
  const matrix = matrixSpecFixture({ servers: [{ targetId: id }], sizes: [200] });
  const file = path.join(dataDir, 'on-lab.json');
  writeFileSync(file, JSON.stringify(matrix));
  const checked = await cli(['matrix', 'check', file]);
  assert.equal(checked.code, 0, checked.stderr);
  assert.match(checked.stdout, /is valid: 1 cell/);
  const overridden = await cli(['matrix', 'check', 'builtin/salford', '--servers', id]);
  assert.equal(overridden.code, 0, overridden.stderr);

  // Run on the lab as a saved server: the campaign built no lab, so it destroys none either.
  const ran = await cli(['matrix', 'run', file]);
  assert.equal(ran.code, 0, ran.stderr);
  assertPlain(ran.stderr);
  assert.doesNotMatch(ran.stderr, /Destroying the campaign's lab/);
  assert.match(ran.stderr, /Campaign completed/);
});

test('an id naming no target and no lab is refused naming both kinds', async () => {
  const result = await cli(['run', '--target', 'lab-nosuch', '--duration', '1']);
  assert.equal(result.code, 2, result.stderr);
  assert.match(
    result.stderr,
    /^dirbench: --target: no target or running lab with id lab-nosuch: give a target id \(see "dirbench targets list"\) or a lab id \(see "dirbench lab list"\)\n$/,
  );
});
