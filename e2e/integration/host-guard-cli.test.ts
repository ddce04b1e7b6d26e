// Load guard rails in the CLI: --yes above the thresholds for a target off loopback (never contacted
// when refused), none for a plain slapd on loopback (not a lab), and the run length cap.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';

const CLI_TIMEOUT_MS = 60_000;
/**
 * A target off loopback. The guard answers before anything connects, and a `.invalid` name never
 * resolves (RFC 6761), so even a confirmed run sends nothing anywhere: it fails at its first lookup.
 */
const REMOTE_URL = 'ldap://dir.invalid:389';
let slapd: TestSlapd;
let dataDir = '';

before(async () => {
  slapd = await startTestSlapd(200);
  dataDir = mkdtempSync(join(tmpdir(), 'dirbench-guard-'));
});

after(async () => {
  await slapd?.stop();
  if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
});

/** `dirbench run` on `url` with these extra options, under these guard variables. */
async function runOn(
  url: string,
  extra: string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  const saved = { ...process.env };
  // The child inherits the variables; they are put back at once.
  Object.assign(process.env, env);
  try {
    const args = ['run', '--target', url, '--base', slapd.baseDn, '--workers', '1'];
    return await runCli(
      [...args, '--warmup', '0', '--duration', '1', ...extra],
      dataDir,
      CLI_TIMEOUT_MS,
    );
  } finally {
    for (const name of Object.keys(env)) {
      if (saved[name] === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = saved[name];
    }
  }
}

async function storedRuns(): Promise<unknown[]> {
  const listed = await runCli(['runs', 'list', '--json'], dataDir, CLI_TIMEOUT_MS);
  assert.equal(listed.code, 0, listed.stderr);
  return JSON.parse(listed.stdout) as unknown[];
}

test('above the default 64 connections a target off loopback needs --yes: exit 2, nothing run', async () => {
  const refused = await runOn(REMOTE_URL, ['--connections', '65']);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /dirbench: --yes: /);
  assert.ok(
    refused.stderr.includes(`(${REMOTE_URL}) is not on this machine's loopback address`),
    refused.stderr,
  );
  assert.match(refused.stderr, /65 connections at as many ops\/s as it serves.*add --yes/);
  const fast = await runOn(REMOTE_URL, ['--connections', '2', '--rate', '1001']);
  assert.equal(fast.code, 2, fast.stderr);
  assert.match(fast.stderr, /2 connections at 1001 ops\/s.*above 64 connections or 1000 ops\/s/);
  assert.deepEqual(await storedRuns(), []);
});

test('the thresholds come from the environment; --yes lets the run go, and loopback needs none', async () => {
  const env = { DIRBENCH_CONFIRM_ABOVE_CONNECTIONS: '2' };
  const refused = await runOn(REMOTE_URL, ['--connections', '3'], env);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /above 2 connections/);
  // Confirmed, the run passes the guard and goes as far as looking the name up.
  const confirmed = await runOn(REMOTE_URL, ['--connections', '3', '--yes'], env);
  assert.equal(confirmed.code, 1, confirmed.stderr);
  assert.doesNotMatch(confirmed.stderr, /add --yes/);
  assert.match(confirmed.stderr, /cannot reach .*"dir\.invalid" could not be resolved/);
  // slapd on 127.0.0.1 is not a lab, yet the same load needs no --yes there.
  const local = await runOn(slapd.url, ['--connections', '3', '--json'], env);
  assert.equal(local.code, 0, local.stderr);
  const summary = JSON.parse(local.stdout) as { status: string };
  assert.equal(summary.status, 'completed');
  assert.equal((await storedRuns()).length, 1);
});

test('a run longer than DIRBENCH_MAX_RUN_S is refused before it starts, naming the cap', async () => {
  const before = (await storedRuns()).length;
  const tooLong = await runOn(slapd.url, ['--warmup', '3', '--duration', '3'], {
    DIRBENCH_MAX_RUN_S: '5',
  });
  assert.equal(tooLong.code, 2, tooLong.stderr);
  assert.match(tooLong.stderr, /6 s, above the 5 s a run may last.*DIRBENCH_MAX_RUN_S/);
  const badCap = await runOn(slapd.url, [], { DIRBENCH_MAX_RUN_S: 'forever' });
  assert.equal(badCap.code, 2, badCap.stderr);
  assert.match(badCap.stderr, /DIRBENCH_MAX_RUN_S="forever" must be a whole number/);
  assert.equal((await storedRuns()).length, before);
});
