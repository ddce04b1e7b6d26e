// The real `dirbench` process: each command takes only its own options (exit 2 naming the option and
// the command, before any database opens) and prints its own help.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { exitCodesLine } from '../../src/cli/help.ts';
import { runCli } from './cliHarness.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-cli-help-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const EXIT_LINE = exitCodesLine();

test('an option of another command exits 2 naming it and the command; nothing is opened', async () => {
  const { code, stdout, stderr } = await runCli(
    ['lab', 'list', '--duration', '5'],
    dataDir,
    30_000,
  );
  assert.equal(code, 2, stderr);
  assert.equal(stdout, '');
  assert.match(stderr, /lab list does not take --duration/);
  assert.match(stderr, /see "dirbench lab list --help"/);
  const sub = await runCli(['runs', 'frob'], dataDir, 30_000);
  assert.equal(sub.code, 2);
  assert.match(sub.stderr, /unknown runs command "frob": use runs list\|show\|tag\|delete/);
  // Refused before the database: the data folder is still empty.
  assert.deepEqual(readdirSync(dataDir), []);
});

test("run --help prints run's options with examples, not other commands'", async () => {
  const { code, stdout, stderr } = await runCli(['run', '--help'], dataDir, 30_000);
  assert.equal(code, 0, stderr);
  for (const option of ['--lab', '--target', '--connections', '--op KIND', '--rate R', '--json'])
    assert.ok(stdout.includes(option), `run --help lacks ${option}`);
  assert.doesNotMatch(stdout, /--chart|--sizes|--entries-override/);
  assert.match(stdout, /Examples:\n {2}# .*\n {2}dirbench run /);
  assert.ok(stdout.includes(EXIT_LINE));
  const viaHelp = await runCli(['help', 'run'], dataDir, 30_000);
  assert.equal(viaHelp.stdout, stdout);
});

test('dirbench --help is a short overview with the exit codes', async () => {
  const { code, stdout, stderr } = await runCli(['--help'], dataDir, 30_000);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^ {2}lab start {2,}/m);
  assert.match(stdout, /dirbench COMMAND --help/);
  assert.match(stdout, /^Docs: \/\S+\/docs\/README\.md .*\n {6}\/\S+\/docs\/cli\.md /m);
  assert.ok(stdout.includes(EXIT_LINE));
  assert.match(stdout, /^Exit codes: 0 ok, 1 failed or stopped, 2 bad input, 3 threshold/m);
  assert.match(stdout, /130 stopped by Ctrl-C, 143 stopped by SIGTERM\.$/m);
  assert.doesNotMatch(stdout, /--connections/);
  const sub = await runCli(['lab', 'start', '--help'], dataDir, 30_000);
  assert.equal(sub.code, 0, sub.stderr);
  assert.match(sub.stdout, /^dirbench lab start - [^]*--load-connections N/);
});
