// Results unchanged: the same workloads on the lean request path and on ldapts' own path, against a
// real OpenLDAP lab over plain LDAP, StartTLS and ldaps://, give the same outcome for every op
// (entries returned, or the error code it is counted under).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LabInfo } from '../../src/shared/labTypes.ts';
import type { WorkloadOperation } from '../../src/shared/workload.ts';
import { streamFor } from '../../src/core/datagen/prng.ts';
import { closeQuietly, openBoundClient } from '../../src/core/ldap/connection.ts';
import type { LdapConnectionParams } from '../../src/core/ldap/connection.ts';
import { ConnectionCounters } from '../../src/core/ldap/connectionCounters.ts';
import { failureCodeName } from '../../src/core/ldap/failure.ts';
import { keepOnLdapts } from '../../src/core/ldap/lean/channel.ts';
import { CompiledWorkload } from '../../src/core/workload/compileWorkload.ts';
import { entryPickerFor } from '../../src/core/workload/entryPicker.ts';
import { startTlsLabCore } from './fixtures/tlsLabCore.ts';
import type { TlsLabCore } from './fixtures/tlsLabCore.ts';

const ENTRIES = 2000;
/** Salford puts a tenth of the people in each unit. */
const UNIT = ENTRIES / 10;
let fixture: TlsLabCore;
let lab: LabInfo;
let password = '';

before(async () => {
  // A TLS lab serves StartTLS on its LDAP port and ldaps:// on another.
  fixture = await startTlsLabCore('dirbench-lean-it-', ENTRIES);
  ({ lab, rootPassword: password } = fixture);
});

after(async () => {
  await fixture?.stop();
});

type Transport = 'plain' | 'starttls' | 'ldaps';

function params(transport: Transport): LdapConnectionParams {
  const caFile = lab.tls?.caFile ?? '';
  return {
    url: transport === 'ldaps' ? (lab.tls?.ldapsUrl ?? '') : lab.url,
    startTls: transport === 'starttls',
    bindDn: lab.bindDn,
    password,
    tcpNoDelay: true,
    caFile,
  };
}

/**
 * Runs `count` ops of `operation` on one connection with `depth` requests in flight, on the lean
 * path or ldapts' own, and returns each op's outcome in op order ("ok ENTRIES" or its error code).
 */
async function outcomes(
  operation: WorkloadOperation,
  path: 'lean' | 'ldapts',
  transport: Transport,
  count: number,
  depth = 4,
): Promise<string[]> {
  const counters = new ConnectionCounters();
  const client = await openBoundClient(params(transport), counters);
  if (path === 'ldapts') keepOnLdapts(client);
  // The same seed on both paths: op i expands to the same request on each.
  const workload = new CompiledWorkload(
    { id: 'lean-test', title: 'lean test', operations: [{ label: 'op', weight: 1, operation }] },
    {
      rng: streamFor(7, 0),
      picker: entryPickerFor({ kind: 'salford', entries: lab.entries, seed: lab.seed }),
      uniquePrefix: `${path}.`,
      sequence: { offset: 0, stride: 1 },
      params: params(transport),
      counters,
      passwordFiles: {},
    },
  );
  const results: string[] = [];
  let next = 0;
  const loop = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      const op = workload.next();
      try {
        results[index] = `ok ${await op.run(client)}`;
      } catch (err) {
        results[index] = failureCodeName(err);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: depth }, loop));
  } finally {
    await closeQuietly(client, 1000);
  }
  return results;
}

/** Both paths' outcomes, checked equal op by op; returns them. */
async function samePaths(
  operation: WorkloadOperation,
  transport: Transport,
  count: number,
  ldaptsOperation: WorkloadOperation = operation,
): Promise<string[]> {
  const ldapts = await outcomes(ldaptsOperation, 'ldapts', transport, count);
  const lean = await outcomes(operation, 'lean', transport, count);
  assert.deepEqual(lean, ldapts, `${operation.kind} over ${transport}`);
  return lean;
}

/** How many ops came to each outcome. */
function tally(results: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
  return counts;
}

const base = 'o=Salford,c=gb';
const reads: Record<string, { operation: WorkloadOperation; expect: (r: string[]) => void }> = {
  'base read (1 entry)': {
    operation: {
      kind: 'search',
      base: '[entry:dn]',
      scope: 'base',
      filter: '(objectClass=*)',
      attributes: [],
    },
    expect: (r) => assert.deepEqual(tally(r), { 'ok 1': r.length }),
  },
  'missing base (noSuchObject)': {
    operation: {
      kind: 'search',
      base: `cn=nobody [1-50],ou=People,${base}`,
      scope: 'base',
      filter: '(objectClass=*)',
      attributes: [],
    },
    expect: (r) => assert.deepEqual(tally(r), { noSuchObject: r.length }),
  },
  'size-limited (sizeLimitExceeded is a success)': {
    operation: {
      kind: 'search',
      base,
      scope: 'sub',
      filter: '(objectClass=person)',
      attributes: ['cn'],
      sizeLimit: 5,
    },
    expect: (r) => assert.deepEqual(tally(r), { 'ok 5': r.length }),
  },
  'filter varying per op (entries found by sn)': {
    operation: {
      kind: 'search',
      base,
      scope: 'sub',
      filter: '(sn=[entry:sn])',
      attributes: ['sn'],
    },
    expect: (r) =>
      assert.ok(
        r.every((x) => /^ok [1-9]\d*$/.test(x)),
        r.join(),
      ),
  },
  'nothing matches (0 entries)': {
    operation: {
      kind: 'search',
      base,
      scope: 'sub',
      filter: '(uid=no-such-uid-[1-9])',
      attributes: [],
    },
    expect: (r) => assert.deepEqual(tally(r), { 'ok 0': r.length }),
  },
  'a whole unit with every attribute (many entries, many TCP reads)': {
    operation: {
      kind: 'search',
      base: `ou=Legal,${base}`,
      scope: 'one',
      filter: '(objectClass=*)',
      attributes: ['*', '+'],
    },
    expect: (r) => assert.deepEqual(tally(r), { [`ok ${UNIT}`]: r.length }),
  },
};

for (const transport of ['plain', 'starttls', 'ldaps'] as const) {
  test(`searches over ${transport}: the same entries per op and the same errors on both paths`, async () => {
    for (const [name, { operation, expect }] of Object.entries(reads)) {
      const count = name.startsWith('a whole unit') ? 20 : 150;
      const results = await samePaths(operation, transport, count);
      expect(results);
    }
  });
}

test('compare: true, false and a missing entry end the same on both paths', async () => {
  for (const transport of ['plain', 'starttls'] as const) {
    const matching = await samePaths(
      { kind: 'compare', entryDn: '[entry:dn]', attribute: 'sn', value: '[entry:sn]' },
      transport,
      150,
    );
    assert.deepEqual(tally(matching), { 'ok 0': 150 });
    const mixed = await samePaths(
      { kind: 'compare', entryDn: '[entry:dn]', attribute: 'sn', value: 'not-a-surname' },
      transport,
      150,
    );
    assert.deepEqual(tally(mixed), { 'ok 0': 150 });
    const missing = await samePaths(
      { kind: 'compare', entryDn: `cn=nobody,ou=People,${base}`, attribute: 'sn', value: 'x' },
      transport,
      50,
    );
    assert.deepEqual(tally(missing), { noSuchObject: 50 });
  }
});

test('modify: replaces succeed, a missing entry and a missing value fail the same on both paths', async () => {
  const replaced = await samePaths(
    {
      kind: 'modify',
      entryDn: '[entry:dn]',
      changes: [
        { operation: 'replace', attribute: 'description', values: ['lean [random:8]', 'x'] },
      ],
    },
    'plain',
    200,
  );
  assert.deepEqual(tally(replaced), { 'ok 0': 200 });
  const missing = await samePaths(
    {
      kind: 'modify',
      entryDn: `cn=nobody [1-9],ou=People,${base}`,
      changes: [{ operation: 'add', attribute: 'description', values: ['x'] }],
    },
    'starttls',
    50,
  );
  assert.deepEqual(tally(missing), { noSuchObject: 50 });
  const noValue = await samePaths(
    {
      kind: 'modify',
      entryDn: '[entry:dn]',
      changes: [{ operation: 'delete', attribute: 'description', values: ['never set [1-9]'] }],
    },
    'plain',
    50,
  );
  assert.deepEqual(tally(noValue), { noSuchAttribute: 50 });
});

test('delete: existing entries go, then noSuchObject, the same op by op on both paths', async () => {
  const admin = await openBoundClient(params('plain'));
  try {
    for (const path of ['lean', 'ldapts']) {
      for (let i = 1; i <= 30; i++) {
        await admin.add(`cn=${path}-del-${i},ou=People,${base}`, {
          objectClass: ['person'],
          cn: `${path}-del-${i}`,
          sn: 'Deleted',
        });
      }
    }
  } finally {
    await closeQuietly(admin, 1000);
  }
  const deleteOf = (path: string): WorkloadOperation => ({
    kind: 'delete',
    entryDn: `cn=${path}-del-[1:40],ou=People,${base}`,
  });
  const results = await samePaths(deleteOf('lean'), 'plain', 40, deleteOf('ldapts'));
  assert.deepEqual(tally(results), { 'ok 0': 30, noSuchObject: 10 });
});
