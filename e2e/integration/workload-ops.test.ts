// Every operation kind against a real OpenLDAP lab, started through the run service as the hosts do;
// each run's effect is checked in the directory, and the run's own entries are gone afterwards.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RunDetail } from '../../src/shared/types.ts';
import type { WorkloadOperation, WorkloadSpec } from '../../src/shared/workload.ts';
import { ApiError } from '../../src/shared/errors.ts';
import { assertAllExited, storedSecond } from './engineHarness.ts';
import { startWorkloadLab } from './workloadLab.ts';
import type { WorkloadLab } from './workloadLab.ts';

const ENTRIES = 10_000;
let lab: WorkloadLab;
let initialCount = 0;

before(async () => {
  lab = await startWorkloadLab(ENTRIES);
  initialCount = await lab.countEntries();
});

after(async () => {
  await lab?.close();
});

/** A one-operation workload. */
function single(operation: WorkloadOperation, extra: Partial<WorkloadSpec> = {}): WorkloadSpec {
  return {
    id: 'test',
    title: 'test',
    operations: [{ label: operation.kind, weight: 1, operation }],
    ...extra,
  };
}

/** The run completed with load and no errors. */
function assertClean(run: RunDetail): NonNullable<RunDetail['summary']> {
  assert.equal(run.status, 'completed', run.endReason ?? '');
  const summary = run.summary;
  assert.ok(summary !== null);
  assert.ok(summary.ops > 0, 'some operations completed');
  assert.equal(summary.errors, 0, JSON.stringify(summary.errorsByCode));
  return summary;
}

test('search: scopes, size limit, attributes, typesOnly and paging count what comes back', async () => {
  const base = single({
    kind: 'search',
    base: '[entry:dn]',
    scope: 'base',
    filter: '(objectClass=*)',
    attributes: ['cn'],
  });
  assert.equal(assertClean(await lab.run(base)).entriesPerOp, 1);
  const limited = single({
    kind: 'search',
    base: 'o=Salford,c=gb',
    scope: 'sub',
    filter: '(cn=*)',
    attributes: ['1.1'],
    sizeLimit: 5,
    typesOnly: true,
  });
  // sizeLimitExceeded with a size limit asked for is a success, as in searchrate.
  assert.equal(assertClean(await lab.run(limited)).entriesPerOp, 5);
  const unit = ENTRIES / 10;
  const paged = single({
    kind: 'search',
    base: 'ou=Finance,o=Salford,c=gb',
    scope: 'one',
    filter: '(objectClass=person)',
    attributes: ['1.1'],
    pageSize: 100,
  });
  assert.equal(assertClean(await lab.run(paged, { durationS: 1 })).entriesPerOp, unit);
});

test('add: entries from a template appear during the run and are all removed at its end', async () => {
  const add = single({
    kind: 'add',
    template: {
      dn: 'cn=dirbench add [unique],ou=Housing,o=Salford,c=gb',
      attributes: [
        { name: 'objectClass', values: ['inetOrgPerson'] },
        { name: 'sn', values: ['DirBenchAddTest'] },
        { name: 'telephoneNumber', values: ['+44 161 [2000000-9999999]'] },
      ],
    },
  });
  const firstSecond = storedSecond(lab.core, 0);
  const running = lab.run(add, { durationS: 3 });
  // Counted once the first second is stored: what it added is in the directory, and the run has two
  // more seconds before it removes its entries.
  const added = await Promise.race([firstSecond, running.then(() => null)]);
  assert.ok(added !== null && added.ops > 0, 'the first second added entries');
  const during = await lab.countEntries('(sn=DirBenchAddTest)');
  const summary = assertClean(await running);
  assert.ok(during >= added.ops, `added entries visible during the run (${during})`);
  assert.equal(await lab.countEntries('(sn=DirBenchAddTest)'), 0, 'the run removed what it added');
  assert.ok(summary.ownEntries !== undefined);
  assert.equal(summary.ownEntries.left, 0);
  assert.ok(summary.ownEntries.removed >= summary.ops);
  assert.equal(await lab.countEntries(), initialCount);
});

test('a large entry: a groupOfUniqueNames with 1,000 members', async () => {
  const run = await lab.run(
    single({
      kind: 'add',
      template: {
        dn: 'cn=dirbench group [unique],ou=Digital,o=Salford,c=gb',
        attributes: [
          { name: 'objectClass', values: ['groupOfUniqueNames'] },
          {
            name: 'uniqueMember',
            values: ['uid=member[unique],ou=People,o=Salford,c=gb'],
            repeat: 1000,
          },
        ],
      },
    }),
  );
  assertClean(run);
  assert.equal(await lab.countEntries(), initialCount);
});

test('delete by DN pattern removes exactly the named entries; further deletes fail as noSuchObject', async () => {
  const admin = await lab.admin();
  for (let i = 0; i < 40; i++) {
    await admin.add(`cn=deltest ${i},ou=Legal,o=Salford,c=gb`, {
      objectClass: ['person'],
      cn: `deltest ${i}`,
      sn: 'x',
    });
  }
  await admin.unbind();
  const run = await lab.run(
    single({ kind: 'delete', entryDn: 'cn=deltest [0:39],ou=Legal,o=Salford,c=gb' }),
    { connections: 1, durationS: 1 },
  );
  assert.equal(run.status, 'completed');
  assert.equal(run.summary?.ops, 40);
  assert.ok((run.summary?.errorsByCode['noSuchObject'] ?? 0) > 0);
  assert.equal(await lab.countEntries('(cn=deltest*)'), 0);
});

test('delete from a pool: the run adds its pool first and the directory keeps its size', async () => {
  const run = await lab.run(
    single(
      { kind: 'delete' },
      {
        pool: {
          entries: 1500,
          template: {
            dn: 'cn=dirbench pool [unique],ou=Planning,o=Salford,c=gb',
            attributes: [
              { name: 'objectClass', values: ['person'] },
              { name: 'sn', values: ['Pool'] },
            ],
          },
        },
      },
    ),
    // An open-model rate well under the pool: a fast slapd deletes 1,500 entries in 2 s closed-loop.
    { targetOpsPerSec: 300 },
  );
  const summary = assertClean(run);
  assert.equal(summary.ownEntries?.poolAdded, 1500);
  assert.equal(summary.ownEntries?.left, 0);
  assert.equal(await lab.countEntries(), initialCount);
});

test('modify: replace on random entries, add values to one entry, then delete the attribute', async (t) => {
  assertClean(
    await lab.run(
      single({
        kind: 'modify',
        entryDn: '[entry:dn]',
        changes: [
          { operation: 'replace', attribute: 'description', values: ['dirbench-mod-[random:6]'] },
        ],
      }),
      { durationS: 1 },
    ),
  );
  assert.ok((await lab.countEntries('(description=dirbench-mod-*)')) > 0);
  const dn = 'cn=modtest,ou=Legal,o=Salford,c=gb';
  const admin = await lab.admin();
  await admin.add(dn, { objectClass: ['person'], cn: 'modtest', sn: 'x' });
  // Removed even when an assertion fails, so later tests see the directory's own size.
  t.after(async () => {
    await admin.del(dn).catch(() => undefined);
    await admin.unbind();
  });
  const added = assertClean(
    await lab.run(
      single({
        kind: 'modify',
        entryDn: dn,
        changes: [{ operation: 'add', attribute: 'description', values: ['v-[unique]'] }],
      }),
      { connections: 1, durationS: 1 },
    ),
  );
  const read = async () =>
    (await admin.search(dn, { scope: 'base', attributes: ['description'] })).searchEntries[0]?.[
      'description'
    ];
  const values = await read();
  const stored = Array.isArray(values) ? values.length : values === undefined ? 0 : 1;
  // Ops that completed after the measured end (before the end tick stopped the loop) changed the
  // entry but are not counted: a few at most.
  assert.ok(
    stored >= added.ops && stored <= added.ops * 1.02 + 5,
    `${stored} values, ${added.ops} ops`,
  );
  await lab.run(
    single({
      kind: 'modify',
      entryDn: dn,
      changes: [{ operation: 'delete', attribute: 'description', values: [] }],
    }),
    {
      connections: 1,
      durationS: 1,
    },
  );
  const left = await read();
  // ldapts lists a requested attribute the entry lacks as [].
  assert.ok(
    left === undefined || (Array.isArray(left) && left.length === 0),
    'delete without values removed the attribute',
  );
});

test('modrdn by DN pattern renames each named entry once', async () => {
  const admin = await lab.admin();
  for (let i = 0; i < 30; i++) {
    await admin.add(`cn=rentest ${i},ou=Legal,o=Salford,c=gb`, {
      objectClass: ['person'],
      cn: `rentest ${i}`,
      sn: 'x',
    });
  }
  const run = await lab.run(
    single({
      kind: 'modrdn',
      entryDn: 'cn=rentest [0:29],ou=Legal,o=Salford,c=gb',
      newRdn: 'cn=renamed [unique]',
      deleteOldRdn: true,
    }),
    { connections: 1, durationS: 1 },
  );
  assert.equal(run.summary?.ops, 30);
  assert.equal(await lab.countEntries('(cn=rentest*)'), 0);
  const renamed = await admin.search('ou=Legal,o=Salford,c=gb', {
    scope: 'one',
    filter: '(cn=renamed*)',
    attributes: ['1.1'],
  });
  assert.equal(renamed.searchEntries.length, 30);
  for (const entry of renamed.searchEntries) await admin.del(entry.dn);
  await admin.unbind();
});

test('compare: matching and non-matching values both count as successes', async () => {
  for (const value of ['[entry:sn]', 'no such surname']) {
    assertClean(
      await lab.run(single({ kind: 'compare', entryDn: '[entry:dn]', attribute: 'sn', value }), {
        durationS: 1,
      }),
    );
  }
});

test('bind: simple on the load connection with 25% wrong passwords, counted apart', async () => {
  const summary = assertClean(
    await lab.run(
      single({
        kind: 'bind',
        bindDn: '[entry:dn]',
        password: '[entry:userPassword]',
        invalidPercent: 25,
      }),
    ),
  );
  const ok = summary.operations?.['bind'];
  const wrong = summary.operations?.['bind-invalid'];
  assert.ok(ok !== undefined && wrong !== undefined, 'bind and bind-invalid reported separately');
  const share = wrong.ops / (ok.ops + wrong.ops);
  assert.ok(share > 0.15 && share < 0.35, `invalid share ${share}`);
});

test('bind: a new connection per bind, search-then-bind, and SASL PLAIN', async () => {
  const fresh = assertClean(
    await lab.run(
      single({
        kind: 'bind',
        bindDn: '[entry:dn]',
        password: '[entry:userPassword]',
        connection: 'new',
      }),
      {
        durationS: 1,
      },
    ),
  );
  assert.ok((fresh.connectionsOpened ?? 0) >= fresh.ops, 'a connection per bind');
  assertClean(
    await lab.run(
      single({
        kind: 'bind',
        bindDn: '',
        password: '[entry:userPassword]',
        search: { base: 'o=Salford,c=gb', scope: 'sub', filter: '(cn=[entry:cn])' },
      }),
      { durationS: 1 },
    ),
  );
  assertClean(
    await lab.run(
      single({
        kind: 'bind',
        bindDn: '[entry:uid]',
        password: '[entry:userPassword]',
        mechanism: 'PLAIN',
      }),
      {
        durationS: 1,
      },
    ),
  );
});

test('search-and-modify changes every entry its search returned', async () => {
  const summary = assertClean(
    await lab.run(
      single({
        kind: 'search-and-modify',
        search: {
          kind: 'search',
          base: 'o=Salford,c=gb',
          scope: 'sub',
          filter: '(cn=[entry:cn])',
          attributes: ['1.1'],
        },
        changes: [{ operation: 'replace', attribute: 'title', values: ['Searched And Modified'] }],
      }),
      { durationS: 1 },
    ),
  );
  assert.equal(summary.entriesPerOp, 1);
  assert.ok((await lab.countEntries('(title=Searched And Modified)')) > 0);
});

test('a mix of adds and deletes with a pool leaves the entry count unchanged, per-operation figures add up', async () => {
  const template = {
    dn: 'cn=dirbench mix [unique],[entry:parent]',
    attributes: [
      { name: 'objectClass', values: ['person'] },
      { name: 'sn', values: ['Mix'] },
    ],
  };
  const summary = assertClean(
    await lab.run({
      id: 'test-mix',
      title: 'add and delete',
      operations: [
        { label: 'add', weight: 1, operation: { kind: 'add', template } },
        { label: 'delete', weight: 1, operation: { kind: 'delete' } },
        { label: 'rename', weight: 1, operation: { kind: 'modrdn' } },
      ],
      pool: { entries: 2000, template },
    }),
  );
  const ops = Object.values(summary.operations ?? {}).reduce((n, o) => n + o.ops, 0);
  assert.equal(ops, summary.ops);
  assert.deepEqual(Object.keys(summary.operations ?? {}), ['add', 'delete', 'rename']);
  assert.equal(summary.ownEntries?.left, 0);
  assert.equal(await lab.countEntries(), initialCount);
});

test('a workload with a mistake is rejected with its field and reason before any connection', async () => {
  const pids = lab.workerPids.length;
  const runsBefore = lab.core.runs.list().length;
  const bad = single({
    kind: 'search',
    base: 'o=Salford,c=gb',
    scope: 'sub',
    filter: '(cn=[entry:cn)',
    attributes: [],
  });
  await assert.rejects(lab.run(bad), (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.kind, 'validation');
    assert.equal(err.field, 'workloadSpec.operations[0].operation.filter');
    assert.match(err.message, /\^/);
    return true;
  });
  await assert.rejects(lab.run('salford/S.99'), /unknown workload 'salford\/S\.99'/);
  assert.equal(lab.workerPids.length, pids, 'no worker was started');
  assert.equal(lab.core.runs.list().length, runsBefore, 'no run was stored');
  await assertAllExited(lab.workerPids);
});

// Last in the file: once (CI, 2026-11-27) Debian's slapd 2.5.13 was found gone right after this run,
// then the end of the search test; every later test failed for want of a server. Its server-side
// sort overlay has known crashes around sort sessions, so nothing else depends on surviving it.
test('search: children scope with server-side sorting and alias dereferencing', async () => {
  const sortedChildren = single({
    kind: 'search',
    base: 'ou=Legal,o=Salford,c=gb',
    scope: 'children',
    filter: '(sn=[entry:sn])',
    attributes: ['sn'],
    sortKeys: ['-sn:caseIgnoreOrderingMatch', 'cn:caseIgnoreOrderingMatch'],
    derefAliases: 'always',
    timeLimitS: 30,
  });
  assertClean(await lab.run(sortedChildren));
});
