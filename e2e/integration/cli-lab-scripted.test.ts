// A lab used from a script: the id `lab start` prints names the lab wherever a stored target id
// is taken (`run --target LAB-ID`, a matrix's servers); an id naming neither is refused naming
// both kinds.
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

function cli(args: string[]): Promise<CliResult> {
  return runCli(args, dataDir, 60_000);
}

before(async () => {
  const started = await cli(['lab', 'start', 'openldap', '--entries', '2000', '--json']);
  assert.equal(started.code, 0, started.stderr);
  lab = JSON.parse(started.stdout) as { id: string; targetId: string; url: string };
  assert.match(lab.id, /^lab-/);
});
after(async () => {
  if (lab !== null) await cli(['lab', 'stop', lab.id]);
  rmSync(dataDir, { recursive: true, force: true });
});

test('run --target LAB-ID runs on the lab', async () => {
  const { id, url } = lab ?? assert.fail('no lab');
  const args = ['--connections', '2', '--warmup', '0', '--duration', '1', '--json'];
  const result = await cli(['run', '--target', id, ...args]);
  assert.equal(result.code, 0, result.stderr);
  const summary = JSON.parse(result.stdout) as { status: string; target: { url: string } };
  assert.equal(summary.status, 'completed');
  assert.equal(summary.target.url, url);
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
});

test('an id naming no target and no lab is refused naming both kinds', async () => {
  const result = await cli(['run', '--target', 'lab-nosuch', '--duration', '1']);
  assert.equal(result.code, 2, result.stderr);
  assert.match(
    result.stderr,
    /^dirbench: --target: no target or running lab with id lab-nosuch: give a target id \(see "dirbench targets list"\) or a lab id \(see "dirbench lab list"\)\n$/,
  );
});
