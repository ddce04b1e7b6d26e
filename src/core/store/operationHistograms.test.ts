import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import type { OperationSample, RunEnvironment, RunSample } from '../../shared/types.ts';
import {
  createHistogram,
  decodeHistogram,
  encodeHistogram,
  recordLatencyUs,
  summarize,
} from '../loadgen/histogram.ts';
import { TRICKY_LABELS, UNSAFE_LABELS } from '../testing/operationLabelCases.ts';
import { openDatabase } from './database.ts';
import type { Db } from './database.ts';
import { MIGRATIONS } from './migrations.ts';
import { repairOperationHistograms } from './operationHistogramRepair.ts';
import { parseOperationHistograms } from './operationHistograms.ts';
import { RunsRepo } from './runsRepo.ts';
import { runConfigFixture } from '../testing/runConfigFixture.ts';

function tempDb(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-ophist-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'db.sqlite');
}

const config = runConfigFixture({
  targetId: 'tgt-1',
  workload: 'test/labels',
  connections: 1,
  warmupS: 0,
  workers: 1,
  targetName: 'lab',
  url: 'ldap://127.0.0.1:1389',
});
const environment = {
  dirbenchVersion: '0.1.0',
  rootDse: null,
  lab: null,
} as unknown as RunEnvironment;

/** A second of a mix in which label i completed i + 1 ops at (i + 1) x 100 us (plus `shift`). */
function mixSecond(
  second: number,
  labels: readonly string[],
  shift = 0,
): { sample: RunSample; histograms: Map<string, string> } {
  const histograms = new Map<string, string>();
  const figures: [string, OperationSample][] = labels.map((label, i) => {
    const h = createHistogram();
    for (let n = 0; n <= i; n++) recordLatencyUs(h, (i + 1) * 100 + shift);
    histograms.set(label, encodeHistogram(h));
    return [
      label,
      { ops: i + 1, errors: 0, errorsByCode: {}, entries: 0, latencyUs: summarize(h) },
    ];
  });
  const sample: RunSample = {
    second,
    phase: 'measured',
    intervalMs: 1000,
    ops: 0,
    errors: 0,
    errorsByCode: {},
    entries: 0,
    latencyUs: { p50: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: 0 },
    operations: Object.fromEntries(figures),
  };
  return { sample, histograms };
}

/** Each stored second's per-operation histograms, by second. */
function storedHistograms(db: Db, runId: string): Map<string, string>[] {
  const rows = db
    .prepare(
      'SELECT operation_histograms_json AS json FROM run_samples WHERE run_id = ? ORDER BY second',
    )
    .all(runId) as { json: string | null }[];
  return rows.map((r) => (r.json === null ? new Map() : parseOperationHistograms(r.json)));
}

/** Asserts each label's stored histogram is the one `mixSecond(…, labels, shift)` recorded for it. */
function assertOwnHistograms(
  stored: ReadonlyMap<string, string>,
  labels: readonly string[],
  shift = 0,
): void {
  assert.deepEqual([...stored.keys()].sort(), [...labels].sort());
  labels.forEach((label, i) => {
    const h = decodeHistogram(stored.get(label) ?? assert.fail(label));
    assert.equal(h.totalCount, i + 1, label);
    assert.equal(h.maxValue, (i + 1) * 100 + shift, label);
  });
}

test('per-operation histograms and figures round-trip under their own labels, whatever the labels', (t) => {
  const db = openDatabase(tempDb(t));
  t.after(() => db.close());
  const runs = new RunsRepo(db);
  const labels = [...TRICKY_LABELS, ...UNSAFE_LABELS];
  runs.create('run-1', config, environment);
  const { sample, histograms } = mixSecond(0, labels);
  runs.appendSample('run-1', sample, encodeHistogram(createHistogram()), null, histograms);

  const [stored] = storedHistograms(db, 'run-1');
  assertOwnHistograms(stored ?? assert.fail('one second stored'), labels);

  const read = runs.get('run-1').samples[0]?.operations ?? assert.fail('figures stored');
  labels.forEach((label, i) => {
    assert.ok(Object.hasOwn(read, label), label);
    assert.equal(read[label]?.ops, i + 1, label);
  });
});

test('the migration puts histograms stored by key order back under their labels, and leaves right ones alone', (t) => {
  const file = tempDb(t);
  // A database from just before the repair, written the way DirBench wrote it then.
  const repairAt = MIGRATIONS.indexOf(repairOperationHistograms);
  assert.ok(repairAt > 0, 'the repair is a migration');
  const old = new Database(file);
  for (const step of MIGRATIONS.slice(0, repairAt)) {
    if (typeof step === 'string') old.exec(step);
    else step(old);
  }
  old.pragma(`user_version = ${repairAt}`);
  const runs = new RunsRepo(old);
  runs.create('run-mixed', config, environment);
  runs.create('run-words', config, environment);
  const mixed = ['search', '10', 'modify', '1', '01'];
  const words = ['search', 'modify', 'Search'];
  for (const second of [0, 1]) {
    const { sample, histograms } = mixSecond(second, mixed, second);
    // The old pairing: the workload's histograms in order, under Object.keys(sample.operations).
    const keys = Object.keys(sample.operations ?? {});
    const paired = new Map(
      keys.map((key, i) => [key, histograms.get(mixed[i] as string) as string]),
    );
    runs.appendSample('run-mixed', sample, encodeHistogram(createHistogram()), null, paired);
    const plain = mixSecond(second, words);
    runs.appendSample(
      'run-words',
      plain.sample,
      encodeHistogram(createHistogram()),
      null,
      plain.histograms,
    );
  }
  // A second in which label "1"'s figures match no stored histogram: it cannot be placed.
  const lost = mixSecond(2, mixed);
  const figures = lost.sample.operations ?? {};
  figures['1'] = { ...(figures['1'] as OperationSample), ops: 99 };
  runs.appendSample(
    'run-mixed',
    lost.sample,
    encodeHistogram(createHistogram()),
    null,
    lost.histograms,
  );
  // Seconds whose text is not what DirBench wrote are not the repair's to judge: kept as they are.
  const unreadable = ['{"1": "x"', '["a", "b"]', '{"1": "not a histogram", "search": "x"}'];
  const runId = 'run-odd';
  runs.create(runId, config, environment);
  unreadable.forEach((text, second) => {
    const { sample } = mixSecond(second, mixed);
    runs.appendSample(runId, sample, encodeHistogram(createHistogram()));
    old
      .prepare(
        'UPDATE run_samples SET operation_histograms_json = ? WHERE run_id = ? AND second = ?',
      )
      .run(text, runId, second);
  });
  const before = storedHistograms(old, 'run-mixed');
  assert.notEqual(
    decodeHistogram(before[0]?.get('search') ?? '').totalCount,
    1,
    'the fixture is stored mispaired',
  );
  const wordsBefore = old
    .prepare("SELECT operation_histograms_json AS json FROM run_samples WHERE run_id = 'run-words'")
    .all();
  old.close();

  const db = openDatabase(file);
  t.after(() => db.close());
  assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
  const after = storedHistograms(db, 'run-mixed');
  assertOwnHistograms(after[0] ?? assert.fail('second 0'), mixed, 0);
  assertOwnHistograms(after[1] ?? assert.fail('second 1'), mixed, 1);
  assert.equal(after[2]?.size, 0, 'histograms that fit no label are cleared, not guessed');
  assert.deepEqual(
    db
      .prepare(
        "SELECT operation_histograms_json AS json FROM run_samples WHERE run_id = 'run-words'",
      )
      .all(),
    wordsBefore,
    'seconds without integer-like labels are untouched',
  );
  const odd = db
    .prepare(
      'SELECT operation_histograms_json AS json FROM run_samples WHERE run_id = ? ORDER BY second',
    )
    .all('run-odd') as { json: string }[];
  assert.deepEqual(
    odd.map((r) => r.json),
    unreadable,
  );
});
