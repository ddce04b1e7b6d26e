import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HistogramLogReader } from 'hdr-histogram-js';
import type { ApiError } from '../../shared/errors.ts';
import { explorerHandlers } from '../api/explorerHandlers.ts';
import { memoryDb, seedRun } from './reportFixtures.ts';

function seeded() {
  const db = memoryDb();
  seedRun(db, {
    id: 'r10k-1',
    entries: 10_000,
    opsBySecond: [50, 200, 210, 205],
    campaignId: 'c1',
    repeat: 1,
  });
  seedRun(db, {
    id: 'r10k-2',
    entries: 10_000,
    opsBySecond: [40, 190, 200, 195],
    campaignId: 'c1',
    repeat: 2,
  });
  seedRun(db, {
    id: 'r100k',
    entries: 100_000,
    opsBySecond: [30, 100, 110, 90],
    campaignId: 'c1',
    repeat: 3,
  });
  seedRun(db, { id: 'bad', entries: 100_000, opsBySecond: [10], status: 'failed' });
  return { db, api: explorerHandlers(db, () => []) };
}

test('compare/runs: a campaign in cell order with repeats, sizes, percentiles and time to full speed', async () => {
  const { db, api } = seeded();
  const runs = await api['compare/runs']({ campaignId: 'c1' });
  assert.deepEqual(
    runs.map((r) => [r.id, r.entries, r.repeat, r.serverVendor, r.indexProfile]),
    [
      ['r10k-1', 10_000, 1, 'OpenLDAP', 'salford-indexed'],
      ['r10k-2', 10_000, 2, 'OpenLDAP', 'salford-indexed'],
      ['r100k', 100_000, 3, 'OpenLDAP', 'salford-indexed'],
    ],
  );
  const first = runs[0];
  assert.ok(first && first.percentiles.length > 40);
  // Latencies 100..309 us were recorded in the measured seconds: the median sits inside them.
  const median = first?.percentiles.find((p) => p.percentile === 50)?.latencyUs ?? 0;
  assert.ok(median > 100 && median < 310, `median ${median}`);
  assert.equal(first?.seconds.length, 4);
  assert.equal(first?.timeToFullSpeedS, 1);
  db.close();
});

test('selections name their field when wrong', async () => {
  const { db, api } = seeded();
  await assert.rejects(api['compare/runs']({ runIds: [] }), (e: ApiError) => e.field === 'runIds');
  await assert.rejects(
    api['compare/runs']({ runIds: ['nope'] }),
    (e: ApiError) => e.kind === 'not-found' && e.field === 'runIds',
  );
  await assert.rejects(
    api['compare/runs']({ campaignId: 'nope' }),
    (e: ApiError) => e.field === 'campaignId',
  );
  await assert.rejects(
    api['export/data']({ runIds: ['r10k-1', 'r100k'], format: 'hlog' }),
    (e: ApiError) => e.kind === 'validation' && /one run/.test(e.message),
  );
  await assert.rejects(
    api['export/chart']({ runIds: ['r10k-1'], chart: 'trend', format: 'png', metric: 'p42' }),
    (e: ApiError) => e.field === 'metric',
  );
  db.close();
});

test('CSV: one row per run with the axes, one row per second with --samples', async () => {
  const { db, api } = seeded();
  const summaries = await api['export/data']({ campaignId: 'c1', format: 'csv' });
  const lines = summaries.text?.trimEnd().split('\r\n') ?? [];
  assert.equal(lines.length, 4);
  assert.match(lines[0] ?? '', /^runId,startedAt,status,source,target,serverVendor/);
  assert.match(
    lines[1] ?? '',
    /^r10k-1,.*,completed,dirbench,lab r10k-1,OpenLDAP,2\.5\.13,openldap,salford-indexed,salford\/S\.3,10000,4,1,persistent/,
  );
  const samples = await api['export/data']({
    runIds: ['r100k', 'bad'],
    format: 'csv',
    content: 'samples',
  });
  assert.equal(samples.fileName, 'dirbench-runs-2-samples.csv');
  assert.equal(samples.text?.trimEnd().split('\r\n').length, 1 + 4 + 1);
  db.close();
});

test('JSON: runs with config, environment, summary and samples; no password anywhere', async () => {
  const { db, api } = seeded();
  const file = await api['export/data']({ runIds: ['r10k-1'], format: 'json' });
  assert.doesNotMatch(file.text ?? '', /secret-should-not-leak|password/i);
  const doc = JSON.parse(file.text ?? '') as {
    runs: { config: { bindDn: string }; summary: { ops: number }; samples: { ops: number }[] }[];
  };
  assert.equal(doc.runs[0]?.config.bindDn, 'cn=admin,c=gb');
  assert.equal(doc.runs[0]?.samples.length, 4);
  assert.equal(doc.runs[0]?.summary.ops, 615);
  db.close();
});

test("hlog: HdrHistogram log lines that decode back to each second's counts, warm-up tagged", async () => {
  const { db, api } = seeded();
  const file = await api['export/data']({ runIds: ['r10k-1'], format: 'hlog' });
  const text = file.text ?? '';
  assert.match(text, /^#\[StartTime: 1740823200\.000 \(seconds since epoch\)/m);
  assert.match(text, /^#\[BaseTime: 1740823200\.000/m);
  assert.match(
    text,
    /^"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"$/m,
  );
  assert.match(text, /^Tag=warmup,0\.000,1\.000,0\.149,HIST/m);
  const reader = new HistogramLogReader(text);
  const counts: [string, number, number][] = [];
  for (
    let h = reader.nextIntervalHistogram();
    h !== null && counts.length < 10;
    h = reader.nextIntervalHistogram()
  )
    counts.push([h.tag, h.startTimeStampMsec - 1740823200000, h.totalCount]);
  assert.deepEqual(counts, [
    ['warmup', 0, 50],
    ['NO TAG', 1000, 200],
    ['NO TAG', 2000, 210],
    ['NO TAG', 3000, 205],
  ]);
  db.close();
});

test('HTML report: the paper table, inline SVG charts, escaped text, nothing fetched', async () => {
  const { db, api } = seeded();
  seedRun(db, {
    id: 'x<script>',
    entries: 10_000,
    opsBySecond: [5, 20],
    serverVendor: '<b>Evil</b>',
  });
  const file = await api['export/report']({
    runIds: ['r10k-1', 'r10k-2', 'r100k', 'bad', 'x<script>'],
  });
  const html = file.text ?? '';
  assert.equal(file.mimeType, 'text/html');
  assert.match(html, /<table class="paper">/);
  assert.match(html, /<th class="num">10K<\/th>|<th>10K<\/th>/);
  assert.ok((html.match(/<svg /g) ?? []).length >= 3);
  assert.doesNotMatch(html, /https?:\/\//);
  assert.doesNotMatch(html, /<script|<b>Evil/);
  assert.match(html, /&lt;b&gt;Evil/);
  const campaign = await api['export/report']({ campaignId: 'c1' });
  assert.match(campaign.text ?? '', /DirBench report: campaign campaign c1/);
  db.close();
});
