import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { HistoryFacets } from '../../shared/history.ts';
import { runConfigFixture, runEnvironmentFixture } from '../testing/runConfigFixture.ts';
import { openDatabase } from './database.ts';
import type { Db } from './database.ts';
import { legacyDatabase } from './databaseFixtures.ts';
import { facets } from './facetCounts.ts';
import { MIGRATIONS } from './migrations.ts';
import { RunsRepo } from './runsRepo.ts';

/** The facets as the history counted them before run_facets: one GROUP BY per column. */
function countedFacets(db: Db): HistoryFacets {
  const facet = (column: string) =>
    db
      .prepare(
        `SELECT ${column} AS value, count(*) AS count FROM runs WHERE ${column} IS NOT NULL
         GROUP BY ${column} ORDER BY count DESC, ${column}`,
      )
      .all();
  return {
    targetNames: facet('target_name'),
    vendors: facet('server_vendor'),
    serverVersions: facet('server_version'),
    workloads: facet('workload'),
    entries: facet('entries'),
    statuses: facet('status'),
    tags: db
      .prepare(
        'SELECT tag AS value, count(*) AS count FROM run_tags GROUP BY tag ORDER BY count DESC, tag',
      )
      .all(),
    sources: facet('source'),
    total: (db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n,
  } as HistoryFacets;
}

/** Runs written as the store writes them: raw rows (imports, other versions) with odd values. */
function insertRuns(db: Db, count: number): void {
  const insert = db.prepare(
    `INSERT INTO runs (id, target_name, workload, entries, connections, depth, status, config_json,
       environment_json, started_at, source, server_vendor, server_version)
     VALUES (?, ?, ?, ?, 1, 1, ?, '{}', '{}', ?, ?, ?, ?)`,
  );
  const tag = db.prepare('INSERT INTO run_tags (run_id, tag) VALUES (?, ?)');
  for (let i = 0; i < count; i++) {
    insert.run(
      `raw-${i}`,
      // A numeric-looking name stays text, as the TEXT column stores it.
      ['lab', '389', 'corp'][i % 3],
      ['read-random', 'salford/S.3'][i % 2],
      i % 4 === 0 ? null : [10_000, 1_000_000][i % 2],
      ['completed', 'failed', 'running'][i % 3],
      `2026-01-0${1 + (i % 9)}T00:00:00.000Z`,
      i % 5 === 0 ? 'opendj-csv' : 'dirbench',
      i % 3 === 0 ? null : 'Vendor',
      i % 2 === 0 ? null : `${i % 3}.0`,
    );
    if (i % 2 === 0) tag.run(`raw-${i}`, 'nightly');
    if (i % 3 === 0) tag.run(`raw-${i}`, 'baseline');
  }
}

const ENVIRONMENT = runEnvironmentFixture();

test('facet counts follow every write: new runs, status changes, tags, deletes', () => {
  const db = openDatabase(':memory:');
  const runs = new RunsRepo(db);
  const check = (when: string) => assert.deepEqual(facets(db), countedFacets(db), when);
  check('empty store');
  insertRuns(db, 30);
  check('raw inserts');
  runs.create('run-a', runConfigFixture({ targetName: 'lab', entries: null }), ENVIRONMENT);
  runs.create('run-b', runConfigFixture({ targetName: 'new target' }), ENVIRONMENT);
  check('created');
  runs.setStatus('run-a', 'running');
  runs.setStatus('run-a', 'running');
  runs.finish('run-a', 'completed', null, null, null);
  runs.finish('run-b', 'failed', 'refused', null, null);
  check('status changes');
  runs.annotate({ runId: 'run-a', tags: ['nightly', 'fresh'] });
  runs.annotate({ runId: 'run-a', tags: ['fresh'] });
  runs.annotate({ runId: 'raw-0', tags: [] });
  check('tags replaced');
  db.prepare("UPDATE runs SET server_vendor = 'Other', entries = 5 WHERE id = 'raw-1'").run();
  check('columns rewritten');
  // Deleting runs takes their tags with them (a cascade, which fires run_tags' own trigger).
  runs.delete(['run-b', 'raw-0', 'raw-3', 'raw-6']);
  db.prepare("DELETE FROM runs WHERE target_name = 'corp'").run();
  check('deletes');
  const after = facets(db);
  assert.equal(
    after.targetNames.find((f) => f.value === 'new target'),
    undefined,
  );
  assert.deepEqual(
    after.tags.find((f) => f.value === 'fresh'),
    { value: 'fresh', count: 1 },
  );
});

test('an existing store gains its facet counts when it upgrades', (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-facets-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'old.sqlite');
  legacyDatabase(file, MIGRATIONS.length - 1);
  const raw = new Database(file);
  insertRuns(raw, 40);
  const expected = countedFacets(raw);
  raw.close();
  const db = openDatabase(file);
  t.after(() => db.close());
  // The counts are kept in the store, one row per value, not counted again on each read.
  const kept = db.prepare('SELECT count(*) AS n FROM run_facets').get() as { n: number };
  const values = Object.values(expected)
    .filter(Array.isArray)
    .reduce((n, list) => n + list.length, 0);
  assert.equal(kept.n, values);
  assert.deepEqual(facets(db), expected);
  assert.equal(facets(db).total, 40);
});
