import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { RunRequest } from '../../shared/types.ts';
import type { WorkloadOperation } from '../../shared/workload.ts';
import { openDatabase } from '../store/database.ts';
import { WorkloadsRepo } from '../store/workloadsRepo.ts';
import { READ_RANDOM_ID } from '../workload/builtin.ts';
import { WorkloadLibrary } from '../workload/library.ts';
import { resolveWorkload } from './resolveWorkload.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-resolve-'));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, 'dns.txt'), 'uid=user.1,ou=People,dc=example,dc=com\n');
const library = new WorkloadLibrary(new WorkloadsRepo(openDatabase(':memory:')));

function request(operation: WorkloadOperation | null): RunRequest {
  const base = { targetId: 't', connections: 1, depth: 1, warmupS: 0, durationS: 1 };
  if (operation === null) return { ...base, workload: READ_RANDOM_ID };
  const workloadSpec = {
    id: 'adhoc',
    title: 'test',
    operations: [{ label: operation.kind, weight: 1, operation }],
  };
  return { ...base, workload: 'adhoc', workloadSpec };
}

function search(base: string, filter = '(objectClass=*)'): WorkloadOperation {
  return { kind: 'search', base, scope: 'base', filter, attributes: [] };
}

test('patterns that name their own DNs sample nothing from the target', () => {
  for (const base of [
    '[file:dns.txt]',
    '[sequentialfile:dns.txt]',
    '[streamfile:dns.txt]',
    'uid=user.[1-1000000],ou=People,dc=example,dc=com',
    'dc=example,dc=com',
  ]) {
    const resolved = resolveWorkload(library, request(search(base)), dir);
    assert.equal(resolved.readsEntries, false, base);
    assert.equal(resolved.entryField, null, base);
  }
  const modify: WorkloadOperation = {
    kind: 'modify',
    entryDn: '[file:dns.txt]',
    changes: [{ operation: 'replace', attribute: 'description', values: ['[random:8]'] }],
  };
  assert.equal(resolveWorkload(library, request(modify), dir).readsEntries, false);
});

test('[entry:] tokens read existing entries: the field holding the first is named', () => {
  const inFilter = resolveWorkload(
    library,
    request(search('dc=example,dc=com', '(cn=[entry:cn])')),
    dir,
  );
  assert.equal(inFilter.readsEntries, true);
  assert.equal(inFilter.entryField, 'operations[0].operation.filter');
  assert.deepEqual(inFilter.sampledAttributes, ['cn']);
  // The built-in random read reads existing entries by their DN.
  const builtIn = resolveWorkload(library, request(null));
  assert.equal(builtIn.readsEntries, true);
  assert.equal(builtIn.entryField, 'operations[0].operation.base');
});
