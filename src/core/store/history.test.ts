import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HistoryFilter } from '../../shared/history.ts';
import type { RootDseInfo } from '../../shared/targetTypes.ts';
import type { RunConfig, RunEnvironment } from '../../shared/types.ts';
import { ApiError } from '../../shared/errors.ts';
import { runEnvironmentFixture } from '../testing/runConfigFixture.ts';
import { READ_RANDOM } from '../workload/builtin.ts';
import { openDatabase } from './database.ts';
import { checkAnnotation, checkHistoryFilter, normalizeTags } from './historyChecks.ts';
import { RunsRepo } from './runsRepo.ts';

function config(targetName: string, workload: string, entries: number | null): RunConfig {
  return {
    targetId: 'tgt-1',
    workload,
    workloadSpec: READ_RANDOM,
    connections: 4,
    depth: 1,
    warmupS: 1,
    durationS: 2,
    workers: 1,
    tcpNoDelay: true,
    seed: 1,
    targetName,
    url: 'ldap://127.0.0.1:1389',
    startTls: false,
    bindDn: 'cn=admin,c=gb',
    baseDn: 'o=Salford,c=gb',
    entries,
    loadModel: 'closed',
    connectionPolicy: { kind: 'persistent' },
    targetOpsPerSec: null,
    rateProfile: null,
    cooldownS: 0,
  };
}

function rootDse(vendorName: string | null, vendorVersion: string | null): RootDseInfo {
  return {
    vendorName,
    vendorVersion,
    namingContexts: ['c=gb'],
    supportedLDAPVersion: ['3'],
    supportedControl: [],
    supportedExtension: [],
    supportedSASLMechanisms: [],
  };
}

function environment(dse: RootDseInfo | null, lab: RunEnvironment['lab'] = null): RunEnvironment {
  return runEnvironmentFixture({ rootDse: dse, lab });
}

const summary = {
  opsPerSec: 1000,
  ops: 2000,
  errors: 0,
  errorsByCode: {},
  entriesPerOp: 1,
  measuredS: 2,
  latencyUs: { p50: 100, p90: 200, p99: 300, p999: 400, max: 500, mean: 120 },
};

/** The ids of the runs `filter` lists, sorted: the tests that care about order read the list itself. */
function listedIds(runs: RunsRepo, filter: HistoryFilter = {}): string[] {
  return runs
    .list(filter)
    .map((r) => r.id)
    .sort();
}

/** Four runs: OpenLDAP lab (no vendorName in its root DSE), 389 DS, a remote server, one running. */
function seeded(): RunsRepo {
  const runs = new RunsRepo(openDatabase(':memory:'));
  const openldapLab: RunEnvironment['lab'] = {
    kind: 'openldap',
    entries: 10_000,
    seed: 1,
    indexProfile: 'salford-indexed',
    serverVersion: 'OpenLDAP 2.5.13',
  };
  runs.create(
    'run-a',
    config('OpenLDAP lab', 'read-random', 10_000),
    environment(rootDse(null, null), openldapLab),
  );
  runs.create(
    'run-b',
    config('389 lab', 'salford/S.3', 100_000),
    environment(rootDse('389 Project', '389-Directory/2.3.4')),
  );
  runs.create('run-c', config('corp', 'read-random', null), environment(null));
  runs.create('run-d', config('corp', 'read-random', null), environment(null));
  for (const id of ['run-a', 'run-b', 'run-c']) runs.finish(id, 'completed', null, summary, null);
  runs.setStatus('run-d', 'running');
  return runs;
}

test('create fills the server vendor and version from the root DSE, else from the lab', () => {
  const runs = seeded();
  const byId = new Map(runs.list().map((r) => [r.id, r]));
  assert.equal(byId.get('run-a')?.serverVendor, 'OpenLDAP');
  assert.equal(byId.get('run-a')?.serverVersion, 'OpenLDAP 2.5.13');
  assert.equal(byId.get('run-b')?.serverVendor, '389 Project');
  assert.equal(byId.get('run-b')?.serverVersion, '389-Directory/2.3.4');
  assert.equal(byId.get('run-c')?.serverVendor, null);
  assert.equal(byId.get('run-c')?.source, 'dirbench');
});

test('list filters combine with AND and keep newest first', () => {
  const runs = seeded();
  assert.equal(runs.list().length, 4);
  assert.deepEqual(listedIds(runs, { targetNames: ['corp'] }), ['run-c', 'run-d']);
  assert.deepEqual(listedIds(runs, { targetNames: ['corp'], statuses: ['completed'] }), ['run-c']);
  assert.deepEqual(listedIds(runs, { vendors: ['389 Project'] }), ['run-b']);
  assert.deepEqual(listedIds(runs, { serverVersions: ['OpenLDAP 2.5.13'] }), ['run-a']);
  assert.deepEqual(listedIds(runs, { entries: [100_000] }), ['run-b']);
  assert.deepEqual(listedIds(runs, { workloads: ['salford/S.3'] }), ['run-b']);
  assert.equal(runs.list({ sources: ['opendj-csv'] }).length, 0);
  assert.equal(runs.list({ limit: 2 }).length, 2);
  const all = runs.list();
  const starts = all.map((r) => r.startedAt);
  assert.deepEqual(starts, [...starts].sort().reverse());
});

test('free text matches target, workload, vendor, notes and tags, word by word', () => {
  const runs = seeded();
  runs.annotate({ runId: 'run-c', notes: 'after the kernel upgrade', tags: ['baseline'] });
  assert.deepEqual(listedIds(runs, { text: 'kernel' }), ['run-c']);
  assert.deepEqual(listedIds(runs, { text: 'BASELINE' }), ['run-c']);
  assert.deepEqual(listedIds(runs, { text: '389' }), ['run-b']);
  assert.deepEqual(listedIds(runs, { text: 'S.3 389' }), ['run-b']);
  assert.equal(runs.list({ text: 'S.3 kernel' }).length, 0);
  // LIKE wildcards in the text are literal characters.
  assert.equal(runs.list({ text: '%' }).length, 0);
});

test('tags filter needs every tag; annotate trims and deduplicates', () => {
  const runs = seeded();
  const item = runs.annotate(
    checkAnnotation({ runId: 'run-a', tags: [' nightly ', 'indexed', 'Nightly', ''] }),
  );
  assert.deepEqual(item.tags, ['indexed', 'nightly']);
  runs.annotate(checkAnnotation({ runId: 'run-b', tags: ['nightly'] }));
  assert.deepEqual(listedIds(runs, { tags: ['nightly'] }), ['run-a', 'run-b']);
  assert.deepEqual(listedIds(runs, { tags: ['nightly', 'indexed'] }), ['run-a']);
  // Notes alone keep the tags; an empty string clears the notes.
  const noted = runs.annotate(checkAnnotation({ runId: 'run-a', notes: '  warm cache  ' }));
  assert.equal(noted.notes, 'warm cache');
  assert.deepEqual(noted.tags, ['indexed', 'nightly']);
  assert.equal(runs.annotate(checkAnnotation({ runId: 'run-a', notes: '' })).notes, null);
  assert.deepEqual(runs.get('run-a').tags, ['indexed', 'nightly']);
});

test('bad tags and notes are refused naming the field', () => {
  assert.throws(
    () => normalizeTags(['ok', 'semi;colon']),
    (err: unknown) =>
      err instanceof ApiError && err.field === 'tags' && /semi;colon/.test(err.message),
  );
  assert.throws(() => normalizeTags(['x'.repeat(41)]), /longer than 40/);
  assert.throws(() => normalizeTags('nightly'), /list of strings/);
  assert.throws(
    () => checkAnnotation({ runId: 'run-a', notes: 5 }),
    (err: unknown) => err instanceof ApiError && err.field === 'notes',
  );
  const runs = seeded();
  assert.throws(
    () => runs.annotate({ runId: 'run-zz', tags: [] }),
    (err: unknown) => err instanceof ApiError && err.kind === 'not-found',
  );
});

test('filters from outside are checked naming the field', () => {
  assert.deepEqual(checkHistoryFilter(undefined), {});
  assert.deepEqual(checkHistoryFilter({ text: '  ', targetNames: [] }), {});
  const bad = (input: unknown, field: string) =>
    assert.throws(
      () => checkHistoryFilter(input),
      (err: unknown) => err instanceof ApiError && err.field === field,
    );
  bad({ statuses: ['done'] }, 'statuses');
  bad({ sources: ['jmeter'] }, 'sources');
  bad({ entries: ['10k'] }, 'entries');
  bad({ startedFrom: 'yesterday' }, 'startedFrom');
  bad({ startedFrom: '2025-02-01', startedTo: '2025-01-01' }, 'startedTo');
  bad({ limit: 0 }, 'limit');
  bad({ vendors: 'OpenLDAP' }, 'vendors');
});

test('date range: a date-only end includes that whole day', () => {
  const runs = seeded();
  const day = (runs.list()[0]?.startedAt ?? '').slice(0, 10);
  assert.equal(runs.list(checkHistoryFilter({ startedFrom: day, startedTo: day })).length, 4);
  assert.equal(runs.list(checkHistoryFilter({ startedTo: '2000-01-01' })).length, 0);
  assert.equal(runs.list(checkHistoryFilter({ startedFrom: '2999-01-01' })).length, 0);
});

test('facets count each value; tags come from run_tags', () => {
  const runs = seeded();
  runs.annotate({ runId: 'run-a', tags: ['x'] });
  runs.annotate({ runId: 'run-b', tags: ['x', 'y'] });
  const f = runs.facets();
  assert.equal(f.total, 4);
  assert.deepEqual(f.targetNames[0], { value: 'corp', count: 2 });
  assert.deepEqual(f.tags, [
    { value: 'x', count: 2 },
    { value: 'y', count: 1 },
  ]);
  assert.deepEqual(f.statuses.map((s) => s.value).sort(), ['completed', 'running']);
  assert.deepEqual(f.sources, [{ value: 'dirbench', count: 4 }]);
  assert.deepEqual(f.entries.map((e) => e.value).sort(), [10_000, 100_000]);
});

test('delete removes runs with samples and tags, refuses runs in progress and unknown ids', () => {
  const runs = seeded();
  runs.annotate({ runId: 'run-a', tags: ['x'] });
  runs.appendSample(
    'run-a',
    {
      second: 0,
      phase: 'measured',
      intervalMs: 1000,
      ops: 1,
      errors: 0,
      errorsByCode: {},
      entries: 1,
      latencyUs: summary.latencyUs,
    },
    '',
  );
  assert.throws(
    () => runs.delete(['run-a', 'run-d']),
    (err: unknown) =>
      err instanceof ApiError && err.kind === 'conflict' && /in progress/.test(err.message),
  );
  assert.equal(runs.list().length, 4, 'nothing is deleted when one run is refused');
  assert.throws(
    () => runs.delete(['run-zz']),
    (err: unknown) => err instanceof ApiError && err.kind === 'not-found',
  );
  assert.throws(
    () => runs.delete([]),
    (err: unknown) => err instanceof ApiError && err.field === 'runIds',
  );
  assert.equal(runs.delete(['run-a', 'run-a', 'run-b']), 2);
  assert.deepEqual(listedIds(runs), ['run-c', 'run-d']);
  assert.equal(runs.samples('run-a').length, 0);
  assert.deepEqual(runs.facets().tags, []);
});

test('a deleted run leaves its campaign cell marked, not pointing at nothing', () => {
  const db = openDatabase(':memory:');
  const runs = new RunsRepo(db);
  runs.create(
    'run-x',
    config('OpenLDAP lab', 'read-random', 1_000),
    environment(rootDse(null, null), null),
  );
  runs.finish('run-x', 'completed', null, summary, null);
  db.prepare(
    "INSERT INTO campaigns (id, name, spec_json, status, created_at) VALUES ('cmp-1', 'm', '{}', 'completed', '2026-11-24')",
  ).run();
  db.prepare(
    "INSERT INTO campaign_cells (campaign_id, cell_index, cell_json, status, run_id) VALUES ('cmp-1', 0, '{}', 'done', 'run-x')",
  ).run();
  assert.equal(runs.delete(['run-x']), 1);
  assert.deepEqual(db.prepare('SELECT status, run_id AS runId, error FROM campaign_cells').get(), {
    status: 'failed',
    runId: null,
    error: 'its run was deleted',
  });
});
