// The extended-operation kinds against a real OpenLDAP lab of 1,000 entries (one for the file):
// each runs through the run service as the GUI starts it and through `dirbench run --op KIND`, with
// operations completed and no errors.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client, InvalidCredentialsError } from 'ldapts';
import type { RunDetail } from '../../src/shared/types.ts';
import type { WorkloadOperation, WorkloadSpec } from '../../src/shared/workload.ts';
import { runInProcess } from './inProcessCli.ts';
import { startWorkloadLab } from './workloadLab.ts';
import type { WorkloadLab } from './workloadLab.ts';

const ENTRIES = 1_000;
let lab: WorkloadLab;
let cliDir: string;
let passwordFile: string;

before(async () => {
  lab = await startWorkloadLab(ENTRIES);
  cliDir = await mkdtemp(join(tmpdir(), 'dirbench-extended-ops-'));
  passwordFile = join(cliDir, 'root.pw');
  await writeFile(passwordFile, lab.core.labs.get(lab.lab.id)?.rootPassword ?? '', { mode: 0o600 });
});

after(async () => {
  await lab?.close();
  if (cliDir !== undefined) await rm(cliDir, { recursive: true, force: true });
});

/** A one-operation workload. */
function single(operation: WorkloadOperation): WorkloadSpec {
  return {
    id: 'test',
    title: 'test',
    operations: [{ label: operation.kind, weight: 1, operation }],
  };
}

/** The run completed with load and no errors. */
function assertClean(run: RunDetail): NonNullable<RunDetail['summary']> {
  assert.equal(run.status, 'completed', run.endReason ?? '');
  const summary = run.summary;
  assert.ok(summary !== null);
  assert.ok(summary.opsPerSec > 0, 'some operations completed');
  assert.equal(summary.errors, 0, JSON.stringify(summary.errorsByCode));
  return summary;
}

/** `dirbench run --op ...` against the lab as its root user; the --json summary. */
async function cliRun(op: readonly string[]): Promise<{ opsPerSec: number; errors: number }> {
  const target = ['--target', lab.lab.url, '--base', lab.lab.baseDn, '--bind-dn', lab.lab.bindDn];
  const load = ['--connections', '2', '--warmup', '0', '--duration', '1', '--json'];
  const result = await runInProcess(
    ['run', ...target, '--password-file', passwordFile, ...op, ...load],
    cliDir,
  );
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout) as { opsPerSec: number; errors: number };
}

test('whoami: the run service and the CLI both run it, with no errors', async () => {
  assertClean(await lab.run(single({ kind: 'whoami' })));
  const summary = await cliRun(['--op', 'whoami']);
  assert.ok(summary.opsPerSec > 0, 'the CLI run completed operations');
  assert.equal(summary.errors, 0);
});

/** The DNs of the first `count` people of the lab. */
async function people(count: number): Promise<string[]> {
  const admin = await lab.admin();
  try {
    const { searchEntries } = await admin.search(lab.lab.baseDn, {
      scope: 'sub',
      filter: '(objectClass=person)',
      attributes: ['1.1'],
      sizeLimit: count,
    });
    return searchEntries.map((e) => e.dn);
  } finally {
    await admin.unbind();
  }
}

/** Binds as `dn` with `password` (throws InvalidCredentialsError when the password is not it). */
async function bindAs(dn: string, password: string): Promise<void> {
  const client = new Client({ url: lab.lab.url, timeout: 10_000 });
  try {
    await client.bind(dn, password);
  } finally {
    await client.unbind();
  }
}

test('password-modify: the run service and the CLI set passwords a bind then accepts', async () => {
  const [first, second] = await people(2);
  assert.ok(first !== undefined && second !== undefined, 'the lab has people');
  const password = 'run service [1-1]';
  const operation = {
    kind: 'password-modify',
    userDn: first,
    newPassword: password,
  } as const;
  assertClean(await lab.run(single(operation)));
  await bindAs(first, 'run service 1');
  const summary = await cliRun([
    '--op',
    'password-modify',
    '--user-dn',
    second,
    '--new-password',
    'from the CLI',
  ]);
  assert.ok(summary.opsPerSec > 0, 'the CLI run completed operations');
  assert.equal(summary.errors, 0);
  await bindAs(second, 'from the CLI');
  await assert.rejects(bindAs(second, 'run service 1'), InvalidCredentialsError);
});
