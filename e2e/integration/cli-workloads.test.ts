// The workload CLI end to end: catalogs listed, a catalog entry and ad-hoc operations run against a
// lab, and mistakes rejected (exit 2) with the option or field and the reason, before any connection.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-cli-workloads-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], timeoutMs = 120_000): Promise<CliResult> {
  return runCli(args, dataDir, timeoutMs);
}

/** A short run against a throwaway 10,000-entry lab; its --json summary. */
async function labRun(args: string[]): Promise<Record<string, unknown>> {
  const { code, stdout, stderr } = await cli([
    'run',
    '--lab',
    'openldap',
    '--entries',
    '10000',
    '--warmup',
    '0',
    '--duration',
    '2',
    '--connections',
    '4',
    '--json',
    ...args,
  ]);
  assert.equal(code, 0, stderr);
  return JSON.parse(stdout) as Record<string, unknown>;
}

test('workloads list shows the catalogs; show prints a definition that check accepts', async () => {
  const list = await cli(['workloads', 'list']);
  assert.equal(list.code, 0, list.stderr);
  for (const id of [
    'read-random',
    'salford/S.3',
    'mvault/bind-new-connection',
    'directorymark/messaging',
    'unboundid/add-large',
  ]) {
    assert.match(list.stdout, new RegExp(`^${id.replace(/[./]/g, '\\$&')}\\s`, 'm'));
  }
  const json = JSON.parse((await cli(['workloads', 'list', '--json'])).stdout) as {
    catalogs: Record<string, { version: number }>;
    workloads: { id: string }[];
  };
  assert.ok((json.catalogs['salford']?.version ?? 0) >= 1);
  const show = await cli(['workloads', 'show', 'salford/S.3']);
  assert.equal(show.code, 0, show.stderr);
  const file = path.join(dataDir, 'copy.json');
  writeFileSync(file, show.stdout.replace('"salford/S.3"', '"user/my-s3"'));
  const check = await cli(['workloads', 'check', file]);
  assert.equal(check.code, 0, check.stderr);
  assert.match(check.stdout, /user\/my-s3 is valid/);
});

test('run --workload salford/S.3 against a lab', async () => {
  const summary = await labRun(['--workload', 'salford/S.3']);
  assert.equal(summary['status'], 'completed');
  assert.equal(summary['workload'], 'salford/S.3');
  assert.ok((summary['opsPerSec'] as number) > 0);
  assert.equal(summary['errors'], 0);
  assert.ok((summary['entriesPerOp'] as number) >= 1);
});

test('a mix reports each operation and leaves no entry of its own behind', async () => {
  const summary = await labRun(['--workload', 'salford/X.1', '--pool', '500']);
  const operations = summary['operations'] as Record<string, { ops: number }>;
  assert.deepEqual(Object.keys(operations).sort(), ['add', 'delete', 'modify', 'modrdn', 'search']);
  assert.equal(
    Object.values(operations).reduce((n, o) => n + o.ops, 0),
    summary['ops'],
  );
  assert.deepEqual((summary['ownEntries'] as { left: number }).left, 0);
});

test('ad-hoc operations in searchrate and OpenDJ vocabulary', async () => {
  const search = await labRun([
    '--op',
    'search',
    '--base',
    'o=Salford,c=gb',
    '--scope',
    'sub',
    '--filter',
    '(cn=[entry:cn])',
    '--attributes',
    'cn,sn',
  ]);
  assert.equal(search['workload'], 'adhoc');
  assert.equal(search['entriesPerOp'], 1);
  const openDj = await labRun([
    '--op',
    'search',
    '--base',
    'o=Salford,c=gb',
    '--filter',
    '(employeeNumber={1})',
    '-g',
    'rand(0,10000)',
    '--attributes',
    '1.1',
  ]);
  assert.equal(openDj['entriesPerOp'], 1);
  assert.equal(openDj['errors'], 0);
  const compare = await labRun([
    '--op',
    'compare',
    '--entry-dn',
    '[entry:dn]',
    '--attribute',
    'sn',
    '--value',
    '[entry:sn]',
  ]);
  assert.equal(compare['errors'], 0);
});

test('mistakes exit 2 naming the option or field, before any connection', async () => {
  // Port 1 refuses connections: a message about the workload proves nothing connected first.
  const target = ['--target', 'ldap://127.0.0.1:1', '--base', 'o=Salford,c=gb'];
  const bad = path.join(dataDir, 'bad.json');
  writeFileSync(
    bad,
    JSON.stringify({
      id: 'user/bad',
      title: 'bad',
      operations: [
        {
          label: 'search',
          weight: 1,
          operation: {
            kind: 'search',
            base: 'o=Salford,c=gb',
            scope: 'sub',
            filtr: '(cn=*)',
            attributes: [],
          },
        },
      ],
    }),
  );
  const file = await cli(['run', '--workload-file', bad, ...target]);
  assert.equal(file.code, 2, file.stderr);
  assert.match(file.stderr, /--workload-file operations\[0\]\.operation\.filtr/);
  assert.match(file.stderr, /did you mean 'filter'/);
  const pattern = await cli([
    'run',
    '--op',
    'search',
    '--base',
    'o=Salford,c=gb',
    '--filter',
    '(cn=[entry:cn)',
    ...target,
  ]);
  assert.equal(pattern.code, 2, pattern.stderr);
  assert.match(pattern.stderr, /--filter: invalid value pattern: unclosed '\['\n.*\n\s+\^/);
  const unknown = await cli(['run', '--workload', 'salford/S.9', ...target]);
  assert.equal(unknown.code, 2, unknown.stderr);
  assert.match(unknown.stderr, /unknown workload 'salford\/S\.9'.*did you mean salford\/S\./);
  const missing = await cli(['run', '--op', 'modify', '--attribute', 'sn', ...target]);
  assert.equal(missing.code, 2, missing.stderr);
  assert.match(missing.stderr, /--op modify needs --entry-dn/);
  for (const result of [file, pattern, unknown, missing])
    assert.doesNotMatch(result.stderr, /refused|connect/i);
});
