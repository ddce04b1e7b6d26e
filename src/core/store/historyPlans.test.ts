import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HistoryFilter } from '../../shared/history.ts';
import type { RunListItem } from '../../shared/types.ts';
import { openDatabase } from './database.ts';
import type { Db } from './database.ts';
import { eachRun, listQuery, listRuns } from './historyQueries.ts';

const TARGETS = ['OpenLDAP lab', '389 lab', 'corp_1', 'corp%2'];
const WORKLOADS = ['read-random', 'salford/S.3', 'mvault/T1'];
const STATUSES = ['completed', 'completed', 'failed', 'interrupted', 'running'];
const TAGS = ['baseline', 'nightly', 'indexed', 'reg_ression'];

/** `count` runs with varied list columns and tags, some starting in the same second. */
function seededDb(count: number): Db {
  const db = openDatabase(':memory:');
  const insert = db.prepare(
    `INSERT INTO runs (id, target_name, workload, entries, connections, depth, status, config_json,
       environment_json, started_at, source, notes, server_vendor, server_version, ops_per_sec)
     VALUES (?, ?, ?, ?, 4, 1, ?, '{}', '{}', ?, ?, ?, ?, ?, ?)`,
  );
  const tag = db.prepare('INSERT INTO run_tags (run_id, tag) VALUES (?, ?)');
  for (let i = 0; i < count; i++) {
    const id = `run-${String((i * 7919) % count).padStart(4, '0')}`;
    insert.run(
      id,
      TARGETS[i % 4],
      WORKLOADS[i % 3],
      i % 5 === 0 ? null : [10_000, 100_000][i % 2],
      STATUSES[i % 5],
      // Several runs per second: the id breaks the tie.
      new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 3_600_000).toISOString(),
      i % 11 === 0 ? 'opendj-csv' : 'dirbench',
      i % 13 === 0 ? 'after the kernel upgrade' : null,
      i % 7 === 0 ? null : ['389 Project', 'Example Corp'][i % 2],
      i % 7 === 0 ? null : ['2.3.4', '12.0', '11.2'][i % 3],
      1000 + i,
    );
    TAGS.forEach((t, k) => {
      if ((i * (k + 3)) % (k + 2) === 0) tag.run(id, t);
    });
  }
  return db;
}

/** What a filter should list, worked out in plain code from every row (LIKE: ASCII case-blind). */
function reference(all: RunListItem[], filter: HistoryFilter): RunListItem[] {
  const has = <T>(list: readonly T[] | undefined, value: T) =>
    list === undefined || list.includes(value);
  const words = (filter.text ?? '').split(/\s+/).filter((w) => w !== '');
  const matchesText = (run: RunListItem, word: string) =>
    [run.id, run.targetName, run.workload, run.notes, run.serverVendor, run.serverVersion]
      .concat(run.tags)
      .some((v) => v !== null && v.toLowerCase().includes(word.toLowerCase()));
  const rows = all.filter(
    (run) =>
      has(filter.targetNames, run.targetName) &&
      has(filter.workloads, run.workload) &&
      has(filter.statuses, run.status) &&
      has(filter.sources, run.source) &&
      (filter.entries === undefined ||
        (run.entries !== null && has(filter.entries, run.entries))) &&
      (filter.vendors === undefined ||
        (run.serverVendor !== null && has(filter.vendors, run.serverVendor))) &&
      (filter.serverVersions === undefined ||
        (run.serverVersion !== null && has(filter.serverVersions, run.serverVersion))) &&
      (filter.tags ?? []).every((t) => run.tags.includes(t)) &&
      (filter.startedFrom === undefined || run.startedAt >= filter.startedFrom) &&
      words.every((w) => matchesText(run, w)),
  );
  return filter.limit === undefined ? rows : rows.slice(0, filter.limit);
}

const FILTERS: HistoryFilter[] = [
  { targetNames: ['389 lab'] },
  { targetNames: ['corp_1', 'corp%2'], limit: 7 },
  { vendors: ['Example Corp'], serverVersions: ['12.0'] },
  { workloads: ['salford/S.3'], entries: [100_000] },
  { statuses: ['failed', 'interrupted'], limit: 5 },
  { sources: ['opendj-csv'] },
  { tags: ['nightly'] },
  { tags: ['nightly', 'indexed'], limit: 3 },
  { startedFrom: '2026-01-03T00:00:00.000Z' },
  { text: 'kernel' },
  { text: 'ression 389' },
  // Wildcards typed by the user stay literal: "_" matches only "_", "%" only "%".
  { text: 'corp_' },
  { text: '%2' },
  { text: 'LAB', statuses: ['completed'], tags: ['baseline'], entries: [10_000], limit: 4 },
  {},
  { limit: 1 },
];

test('every filter lists the rows a plain scan of all runs finds, newest first', () => {
  const db = seededDb(240);
  const all = listRuns(db, {});
  assert.equal(all.length, 240);
  const order = all.map((r) => `${r.startedAt} ${r.id}`);
  assert.deepEqual(order, [...order].sort().reverse());
  for (const filter of FILTERS) {
    const listed = listRuns(db, filter);
    assert.deepEqual(listed, reference(all, filter), JSON.stringify(filter));
    assert.ok(
      filter.limit !== undefined || listed.length > 0,
      `${JSON.stringify(filter)} finds some`,
    );
  }
});

test('the one-at-a-time list (tags read in one pass) yields what the list returns', () => {
  const db = seededDb(240);
  for (const filter of FILTERS) {
    assert.deepEqual([...eachRun(db, filter)], listRuns(db, filter), JSON.stringify(filter));
  }
});

/** The plan SQLite chooses for the list of `filter`, one step a line. */
function plan(db: Db, filter: HistoryFilter): string {
  const query = listQuery(filter);
  const steps = db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as {
    detail: string;
  }[];
  return steps.map((s) => s.detail).join('\n');
}

test('filtered lists walk the covering history index in order: no wide rows, no sort', () => {
  const db = seededDb(50);
  for (const filter of FILTERS) {
    const steps = plan(db, filter);
    // One-column indexes made SQLite fetch every matching run's wide row, then sort them all.
    assert.match(steps, /(SCAN|SEARCH) runs USING COVERING INDEX runs_history/, steps);
    assert.doesNotMatch(steps, /TEMP B-TREE FOR ORDER BY/, steps);
    // Free text probed run_tags once per run scanned; it is one set of matching runs now.
    assert.equal(steps.match(/CORRELATED/g)?.length, 1, steps);
  }
  // A campaign's few runs are still found through their own index.
  assert.match(plan(db, { campaignId: 'cmp-1' }), /INDEX runs_by_campaign/);
});
