// Exports end to end: real runs against an OpenLDAP lab through the CLI, then every chart kind as PNG
// and SVG, CSV, JSON, an HdrHistogram log that decodes back to the stored counts, and an HTML report.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import { HistogramLogReader } from 'hdr-histogram-js';
import { CHART_KINDS } from '../../src/shared/charts/chartKinds.ts';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-cli-export-'));
const db = path.join(dataDir, 'export.sqlite');
after(() => rmSync(dataDir, { recursive: true, force: true }));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const runIds: string[] = [];

function cli(args: string[], timeoutMs = 60_000): Promise<CliResult> {
  return runCli([...args, '--db', db], dataDir, timeoutMs);
}

function out(name: string): string {
  return path.join(dataDir, name);
}

/** Two short runs on a 10,000-entry lab at two concurrency levels (the same stored database). */
before(async () => {
  for (const connections of ['2', '4']) {
    const run = await cli(
      [
        'run',
        '--lab',
        'openldap',
        '--entries',
        '10000',
        '--warmup',
        '1',
        '--duration',
        '2',
        '--connections',
        connections,
        '--json',
      ],
      180_000,
    );
    assert.equal(run.code, 0, run.stderr);
    runIds.push((JSON.parse(run.stdout) as { runId: string }).runId);
  }
});

function runArgs(): string[] {
  return runIds.flatMap((id) => ['--run', id]);
}

/** Runs `dirbench ARGS --out NAME` (expecting success) and returns the file it wrote. */
async function exported(args: string[], name: string): Promise<Buffer> {
  const result = await cli([...args, '--out', out(name)]);
  assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  return readFileSync(out(name));
}

test('every chart kind exports as PNG (signature, size) and SVG (well-formed, sized)', async () => {
  for (const chart of CHART_KINDS) {
    const chartArgs = ['export', ...runArgs(), '--chart', chart, '--format'];
    const bytes = await exported([...chartArgs, 'png'], `${chart}.png`);
    assert.deepEqual(bytes.subarray(0, 8), PNG_SIGNATURE, chart);
    assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [960, 540], chart);
    assert.ok(bytes.length > 5000, `${chart}.png is only ${bytes.length} bytes`);

    const svg = (await exported([...chartArgs, 'svg'], `${chart}.svg`)).toString('utf8');
    assert.match(svg, /^<svg[\s>]/, chart);
    // resvg's XML parser is strict: a malformed document throws.
    const parsed = new Resvg(svg);
    assert.deepEqual([parsed.width, parsed.height], [960, 540], chart);
  }
});

test('CSV: a header and one row per run; --samples one row per stored second', async () => {
  const summaries = await exported(['export', ...runArgs(), '--format', 'csv'], 'runs.csv');
  const lines = summaries.toString('utf8').trimEnd().split('\r\n');
  assert.match(
    lines[0] ?? '',
    /^runId,startedAt,status,source,target,serverVendor,serverVersion,labKind/,
  );
  assert.deepEqual(
    lines.slice(1).map((l) => l.split(',')[0]),
    runIds,
  );
  for (const line of lines.slice(1))
    assert.match(line, /,completed,dirbench,.*,openldap,.*,10000,[24],1,persistent,/);

  const samples = await exported(
    ['export', ...runArgs(), '--format', 'csv', '--samples'],
    'samples.csv',
  );
  const rows = samples.toString('utf8').trimEnd().split('\r\n').slice(1);
  // 1 s warm-up + 2 s measured per run.
  assert.equal(rows.length, 6);
  assert.ok(
    rows.every((r) => Number(r.split(',')[4]) > 0),
    'every second has operations',
  );
});

test('JSON: runs with configuration, environment, summary and samples, no password', async () => {
  const text = (await exported(['export', ...runArgs(), '--format', 'json'], 'runs.json')).toString(
    'utf8',
  );
  assert.doesNotMatch(text, /"password/i);
  const doc = JSON.parse(text) as {
    runs: {
      id: string;
      config: { connections: number };
      environment: { lab: { kind: string } };
      summary: { ops: number };
      samples: { ops: number }[];
    }[];
  };
  assert.deepEqual(
    doc.runs.map((r) => [r.id, r.config.connections, r.environment.lab.kind, r.samples.length]),
    [
      [runIds[0], 2, 'openldap', 3],
      [runIds[1], 4, 'openldap', 3],
    ],
  );
  assert.ok((doc.runs[0]?.summary.ops ?? 0) > 0);
});

test('hlog: one interval per second that decodes back to the stored operation counts', async () => {
  const hlogArgs = ['export', '--run', runIds[0] as string, '--format', 'hlog'];
  const text = (await exported(hlogArgs, 'run.hlog')).toString('utf8');
  assert.match(
    text,
    /^"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"$/m,
  );
  const reader = new HistogramLogReader(text);
  const counts: number[] = [];
  for (
    let h = reader.nextIntervalHistogram();
    h !== null && counts.length < 100;
    h = reader.nextIntervalHistogram()
  )
    counts.push(h.totalCount);
  const json = JSON.parse(readFileSync(out('runs.json'), 'utf8')) as {
    runs: { samples: { ops: number }[] }[];
  };
  assert.deepEqual(
    counts,
    json.runs[0]?.samples.map((s) => s.ops),
  );

  const two = await cli(['export', ...runArgs(), '--format', 'hlog', '--out', out('two.hlog')]);
  assert.equal(two.code, 2);
  assert.match(two.stderr, /--run: .*one run/);
});

test('HTML report: tables and inline SVG charts, no external reference', async () => {
  const html = (await exported(['report', ...runArgs()], 'report.html')).toString('utf8');
  assert.match(html, /^<!DOCTYPE html>/);
  assert.match(html, /<table class="paper">/);
  assert.ok(runIds.every((id) => html.includes(id)));
  // trend, concurrency (two levels), latency, bars and the latency-throughput scatter.
  assert.equal((html.match(/<svg /g) ?? []).length, 5);
  assert.doesNotMatch(html, /https?:\/\//);
});

test('mistakes exit 2 naming the option', async () => {
  const cases: [string[], RegExp][] = [
    [['export', '--format', 'csv', '--out', out('x.csv')], /--run ID or --campaign ID is required/],
    [
      ['export', '--run', 'no-such-run', '--format', 'csv', '--out', out('x.csv')],
      /--run: no run with id no-such-run/,
    ],
    [['export', ...runArgs(), '--chart', 'pie', '--out', out('x.png')], /--chart must be one of/],
    [
      ['export', ...runArgs(), '--format', 'xml', '--out', out('x.xml')],
      /--format must be csv, json or hlog/,
    ],
    [['export', ...runArgs(), '--format', 'csv'], /--out is required/],
    [
      ['report', '--campaign', 'no-such-campaign', '--out', out('r.html')],
      /--campaign: no campaign/,
    ],
  ];
  for (const [args, message] of cases) {
    const result = await cli(args);
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, message);
  }
});
