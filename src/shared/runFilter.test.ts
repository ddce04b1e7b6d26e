import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompareRun } from './compare.ts';
import { compareRunFixture } from './compareFixtures.ts';
import type { ApiError } from './errors.ts';
import type { RunFilter } from './exchange.ts';
import {
  applyRunFilter,
  checkRunFilter,
  filterChoices,
  filterText,
  parseEntries,
  serverNamesOf,
} from './runFilter.ts';

const openldap = {
  serverVendor: 'OpenLDAP',
  serverVersion: 'OpenLDAP 2.5.13+dfsg-5',
  labKind: 'openldap',
  targetName: 'OpenLDAP 2.5.13+dfsg-5 lab lab-b97322 (2,000 entries)',
} as const;
const ds389 = {
  serverVendor: '389 Project',
  serverVersion: '389-Directory/2.3.1 B2025.016.1616',
  labKind: '389ds',
  targetName: '389 Directory Server 2.3.1 lab lab-722e75 (2,000 entries)',
} as const;
const opendj = {
  serverVendor: 'Open Identity Platform Community',
  serverVersion: 'OpenDJ Server 4.9.4',
  labKind: 'opendj',
  targetName: 'OpenDJ 4.9.4 lab lab-8e4977 (2,000 entries)',
} as const;

/** Issue 19's campaign: three servers x S.1, S.3 x 2K, 10K (one repeat). */
function campaign(): CompareRun[] {
  const runs: CompareRun[] = [];
  for (const server of [openldap, ds389, opendj])
    for (const workload of ['salford/S.1', 'salford/S.3'])
      for (const entries of [10_000, 2_000])
        runs.push(
          compareRunFixture({
            ...server,
            id: `${server.labKind}-${workload}-${entries}`,
            workload,
            entries,
          }),
        );
  return runs;
}

const ids = (runs: readonly CompareRun[]) => runs.map((r) => r.id);
const kept = (filter: RunFilter | undefined) =>
  ids(applyRunFilter(campaign(), filter, 'campaign c-1', (r) => r));

test('parseEntries reads sizes as people write them and refuses the rest', () => {
  for (const [text, entries] of [
    ['10000', 10_000],
    ['10,000', 10_000],
    ['10_000', 10_000],
    ['10K', 10_000],
    ['10k', 10_000],
    [' 2k ', 2_000],
    ['1.5M', 1_500_000],
    ['1m', 1_000_000],
    ['0', 0],
  ] as const)
    assert.equal(parseEntries(text), entries, text);
  for (const text of ['', 'abc', '10KB', '-5', '1,00', '10 000', '1e6', '0.5'])
    assert.equal(parseEntries(text), null, text);
});

test('a server answers to its short name with and without release, full string, vendor, kind and target', () => {
  const run = compareRunFixture(ds389);
  const names = serverNamesOf(run);
  for (const name of [
    '389 DS 2.3.1',
    '389 ds',
    '389 Project 389-Directory/2.3.1 B2025.016.1616',
    '389 project',
    '389ds',
    ds389.targetName,
  ])
    assert.ok(names.has(name.toLowerCase()), name);
  assert.ok(!names.has('openldap'));
  assert.ok(serverNamesOf(compareRunFixture(openldap)).has('openldap 2.5.13'));
  assert.ok(serverNamesOf(compareRunFixture(opendj)).has('opendj'));
});

test('each list keeps runs matching one of its values; lists combine', () => {
  assert.equal(kept(undefined).length, 12);
  assert.equal(kept({}).length, 12);
  assert.deepEqual(kept({ tests: ['SALFORD/s.1'], sizes: [2_000], servers: ['OpenLDAP'] }), [
    'openldap-salford/S.1-2000',
  ]);
  assert.deepEqual(kept({ tests: ['salford/S.3'], servers: ['opendj', '389 DS 2.3.1'] }), [
    '389ds-salford/S.3-10000',
    '389ds-salford/S.3-2000',
    'opendj-salford/S.3-10000',
    'opendj-salford/S.3-2000',
  ]);
  assert.equal(kept({ profiles: ['Salford-Indexed'] }).length, 12);
});

test('a value no run has is an error on its list naming the values there are', () => {
  const fails = (filter: RunFilter | undefined, field: string, message: RegExp) =>
    assert.throws(
      () => kept(filter),
      (e: ApiError) => e.field === field && message.test(e.message),
    );
  fails(
    { tests: ['salford/S.9'] },
    'tests',
    /^salford\/S\.9 matches no run of campaign c-1; its tests are salford\/S\.1, salford\/S\.3$/,
  );
  fails(
    { sizes: [5_000, 10_000, 7] },
    'sizes',
    /^5K entries, 7 entries match no run .*its sizes are 2K \(2,000\), 10K \(10,000\)$/,
  );
  fails(
    { servers: ['OpenLDAP', 'Oracle'] },
    'servers',
    /^Oracle matches .*its servers are OpenLDAP 2\.5\.13, 389 DS 2\.3\.1, OpenDJ 4\.9\.4$/,
  );
  fails({ profiles: ['none'] }, 'profiles', /its index profiles are salford-indexed$/);
});

test('lists that each match runs but none together are one error on the filter', () => {
  const runs = campaign().filter((r) => !(r.workload === 'salford/S.1' && r.entries === 2_000));
  assert.throws(
    () =>
      applyRunFilter(runs, { tests: ['salford/S.1'], sizes: [2_000] }, 'campaign c-1', (r) => r),
    (e: ApiError) =>
      e.field === 'filter' &&
      /no run of campaign c-1 is salford\/S\.1 and 2K entries at once/.test(e.message),
  );
});

test('choices list what the runs take; the filter reads as a title', () => {
  assert.deepEqual(filterChoices(campaign()), {
    tests: ['salford/S.1', 'salford/S.3'],
    sizes: [2_000, 10_000],
    servers: ['OpenLDAP 2.5.13', '389 DS 2.3.1', 'OpenDJ 4.9.4'],
    profiles: ['salford-indexed'],
  });
  assert.equal(
    filterText({ tests: ['salford/S.1'], sizes: [2_000, 10_000], servers: ['OpenLDAP'] }),
    'salford/S.1 · 2K entries or 10K entries · OpenLDAP',
  );
  assert.equal(filterText(undefined), '');
});

test('request filters: lists of names and whole sizes, unknown lists refused by name', () => {
  assert.equal(checkRunFilter(undefined), undefined);
  assert.deepEqual(checkRunFilter({ tests: ['salford/S.1'], sizes: [], servers: [] }), {
    tests: ['salford/S.1'],
  });
  const refused = (value: unknown, field: string) =>
    assert.throws(
      () => checkRunFilter(value),
      (e: ApiError) => e.field === field,
    );
  refused('salford/S.1', 'filter');
  refused([], 'filter');
  refused({ test: ['salford/S.1'] }, 'filter');
  refused({ tests: 'salford/S.1' }, 'tests');
  refused({ tests: [''] }, 'tests');
  refused({ servers: [3] }, 'servers');
  refused({ sizes: ['10K'] }, 'sizes');
  refused({ sizes: [1.5] }, 'sizes');
  refused({ sizes: [-1] }, 'sizes');
});
