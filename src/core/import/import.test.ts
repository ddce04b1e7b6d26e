import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { decodeHistogram } from '../loadgen/histogram.ts';
import { openDatabase } from '../store/database.ts';
import { RunsRepo } from '../store/runsRepo.ts';
import { buildImportedRun, importRun } from './importRun.ts';
import { parseOpendjCsv } from './opendjCsv.ts';
import { parseSearchrateCsv } from './searchrateCsv.ts';

const FIXTURES = new URL('../../../e2e/fixtures/imports/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

function rejects(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.kind, 'validation');
    assert.match(err.message, pattern);
    return true;
  });
}

test('searchrate --csv with dated timestamps: warm-up, measured seconds, the tool overall figures', () => {
  const parsed = parseSearchrateCsv('a.csv', fixture('searchrate-base-reads.csv'));
  assert.equal(parsed.intervals.length, 10);
  assert.deepEqual(
    parsed.intervals.map((i) => i.phase),
    [...Array<string>(2).fill('warmup'), ...Array<string>(8).fill('measured')],
  );
  const first = parsed.intervals[2];
  assert.equal(first?.opsPerSec, 13688.846);
  assert.equal(first?.meanLatencyUs, 290);
  assert.equal(first?.entriesPerSearch, 1);
  assert.equal(first?.intervalMs, 1000);
  assert.match(first?.endedAt ?? '', /^2026-11-2\dT/);
  assert.equal(parsed.overallOpsPerSec, 14448.422);
  assert.equal(parsed.overallMeanLatencyUs, 275);
  assert.deepEqual(parsed.assumptions, []);
});

test('searchrate --csv with stderr kept: error results by code belong to the line before them', () => {
  const parsed = parseSearchrateCsv('e.csv', fixture('searchrate-errors.csv'));
  assert.equal(parsed.intervals.length, 6);
  assert.deepEqual(parsed.intervals[0]?.errorsByCode, { noSuchObject: 1402 });
  assert.deepEqual(parsed.intervals[5]?.errorsByCode, { noSuchObject: 2221 });
  assert.match(parsed.assumptions.join(' '), /no timestamps.*1 s/);
});

test('OpenDJ -S: interval lengths from the time column, percentiles as printed and cumulative', () => {
  const parsed = parseOpendjCsv('o.csv', fixture('opendj-base-reads.csv'));
  assert.equal(parsed.intervals.length, 9);
  assert.equal(parsed.intervals[0]?.intervalMs, 1010);
  assert.equal(parsed.intervals[8]?.intervalMs, 7);
  assert.deepEqual(parsed.intervals[0]?.percentilesUs, {
    '99.9': 20710,
    '99.99': 31200,
    '99.999': 42730,
  });
  assert.equal(parsed.percentileScope, 'cumulative');
  assert.equal(parsed.overallOpsPerSec, 8271.6);
  const custom = parseOpendjCsv('p.csv', fixture('opendj-percentiles-errors.csv'));
  assert.deepEqual(Object.keys(custom.intervals[0]?.percentilesUs ?? {}), ['50', '90', '99']);
  assert.equal(custom.intervals[0]?.errorsPerSec, 1776.6);
});

test('an imported run: samples without percentiles, the summary from the tool, an empty histogram', () => {
  const run = buildImportedRun({
    format: 'opendj-csv',
    fileName: 'opendj-percentiles-errors.csv',
    text: fixture('opendj-percentiles-errors.csv'),
    targetName: 'dj1',
  });
  assert.equal(run.source, 'opendj-csv');
  assert.equal(run.config.targetName, 'dj1');
  assert.equal(run.config.connections, 0, 'connections are unknown');
  assert.equal(run.samples.length, 6);
  for (const s of run.samples) {
    assert.equal(s.latencyUs.p99, 0);
    assert.ok(s.latencyUs.mean > 0);
    assert.equal(s.imported?.percentileScope, 'cumulative');
  }
  assert.equal(run.summary?.opsPerSec, 7766);
  assert.equal(run.summary?.imported?.percentilesUs['99'], 4420);
  assert.equal(run.p99Us, 4420, 'the final cumulative p99 covers the whole measured phase');
  assert.equal(
    run.summary?.errors,
    run.samples.reduce((n, s) => n + s.errors, 0),
  );
  assert.equal(decodeHistogram(run.emptyHistogram.toString('base64')).totalCount, 0);
  assert.match(run.endReason ?? '', /imported from opendj-percentiles-errors.csv/);
});

test('searchrate imports are stored beside DirBench runs and read back whole', () => {
  const runs = new RunsRepo(openDatabase(':memory:'));
  const id = importRun(runs, {
    format: 'searchrate-csv',
    fileName: 'searchrate-base-reads.csv',
    text: fixture('searchrate-base-reads.csv'),
  });
  const [item] = runs.list({ sources: ['searchrate-csv'] });
  assert.equal(item?.id, id);
  assert.equal(item?.targetName, 'searchrate-base-reads.csv (imported)');
  assert.equal(item?.p99Us, null, 'searchrate prints no percentiles');
  assert.equal(item?.opsPerSec, 14448.422);
  const detail = runs.get(id);
  assert.equal(detail.source, 'searchrate-csv');
  assert.equal(detail.samples.length, 10);
  assert.equal(detail.samples[2]?.imported?.tool, 'UnboundID searchrate');
  assert.equal(detail.summary?.measuredS, 8);
  assert.ok(detail.endedAt !== null && detail.startedAt < detail.endedAt);
});

test('parse errors name the line and the column', () => {
  const good = fixture('searchrate-base-reads.csv').split('\n');
  const broken = [...good];
  broken[4] = (broken[4] ?? '').replace('13688.846', '13688,x');
  rejects(
    () => parseSearchrateCsv('b.csv', broken.join('\n')),
    /b\.csv line 5: expected 7 comma-separated values/,
  );
  const badNumber = [...good];
  badNumber[4] = (badNumber[4] ?? '').replace('0.290', 'n/a');
  rejects(
    () => parseSearchrateCsv('b.csv', badNumber.join('\n')),
    /line 5, column "Recent Avg Dur ms": "n\/a" is not/,
  );
  rejects(
    () => parseSearchrateCsv('o.csv', fixture('opendj-base-reads.csv')),
    /line 1: not the header of searchrate --csv/,
  );
  rejects(
    () => parseOpendjCsv('s.csv', fixture('searchrate-base-reads.csv')),
    /line 1: not the header of OpenDJ/,
  );
  const dj = fixture('opendj-base-reads.csv').split('\n');
  dj[3] = (dj[3] ?? '').replace(/^3\.000/, '1.500');
  rejects(
    () => parseOpendjCsv('d.csv', dj.join('\n')),
    /line 4, column "Time \(seconds\)": time 1\.5 s does not follow/,
  );
  rejects(
    () => buildImportedRun({ format: 'opendj-csv', fileName: 'x', text: '  ' }),
    /x is empty/,
  );
  assert.throws(
    () => buildImportedRun({ format: 'jmeter' as 'opendj-csv', fileName: 'x', text: 'a' }),
    (err: unknown) => err instanceof ApiError && err.field === 'format',
  );
});
