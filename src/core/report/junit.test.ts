import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CampaignDetail } from '../../shared/matrix.ts';
import type { RunDetail } from '../../shared/types.ts';
import { runConfigFixture } from '../testing/runConfigFixture.ts';
import { campaignSuite, runSuite } from './junitCases.ts';
import { junitXml } from './junitXml.ts';

function run(id: string, overrides: Partial<RunDetail> = {}): RunDetail {
  return {
    id,
    status: 'completed',
    endReason: null,
    config: runConfigFixture({
      workload: 'salford/S.1',
      connections: 8,
      workers: 1,
      targetName: 'lab "A" <1> & co',
    }),
    environment: {} as RunDetail['environment'],
    summary: {
      opsPerSec: 1234.5,
      ops: 2469,
      errors: 0,
      errorsByCode: {},
      entriesPerOp: 1,
      measuredS: 2,
      latencyUs: { p50: 500, p90: 800, p99: 2314, p999: 4000, max: 9000, mean: 600 },
    },
    samples: [],
    startedAt: '2026-11-25T10:00:00.000Z',
    endedAt: '2026-11-25T10:00:03.500Z',
    thresholdResults: null,
    ...overrides,
  };
}

const breached = [
  { expression: 'p99<1us', actual: 2314, passed: false, detail: 'p99 was 2.31 ms' },
  {
    expression: 'opsPerSec>=100',
    actual: 1234.5,
    passed: true,
    detail: 'opsPerSec was 1235 ops/s',
  },
];

test('a run with a breached threshold is one failed case; the figures and every verdict are in its output', () => {
  const xml = junitXml([runSuite([run('run-1', { thresholdResults: breached })])]);
  assert.match(
    xml,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="dirbench" tests="1" failures="1" errors="0" time="3.500">/,
  );
  assert.match(
    xml,
    /<testsuite name="dirbench run" tests="1" failures="1" errors="0" skipped="0" time="3.500" timestamp="2026-11-25T10:00:00.000Z" hostname="[^"]+">/,
  );
  assert.match(xml, /<property name="dirbench.version" value="[^"]+"\/>/);
  assert.match(
    xml,
    /<testcase name="salford\/S.1 on lab &quot;A&quot; &lt;1&gt; &amp; co, 8 connections x depth 1" classname="dirbench.salford_S_1" time="3.500">/,
  );
  assert.match(
    xml,
    /<failure type="threshold" message="threshold p99&lt;1us breached: p99 was 2.31 ms">/,
  );
  assert.equal(xml.match(/<failure /g)?.length, 1, 'only the breached threshold fails');
  assert.match(xml, /PASS opsPerSec&gt;=100: opsPerSec was 1235 ops\/s/);
  assert.match(xml, /FAIL p99&lt;1us: p99 was 2.31 ms/);
});

test('repeats are cases of one suite; a failed run is an error, not a failure', () => {
  const lost = run('run-2', {
    status: 'failed',
    endReason:
      'the server was lost: no operation succeeded in the last 6 s of load while 40 failed',
  });
  const xml = junitXml([runSuite([run('run-1'), lost])]);
  assert.match(xml, /<testsuite name="dirbench run" tests="2" failures="0" errors="1" skipped="0"/);
  assert.match(xml, /, repeat 1" classname/);
  assert.match(xml, /, repeat 2" classname/);
  assert.match(
    xml,
    /<error type="failed" message="the run failed: the server was lost: no operation succeeded/,
  );
});

test('a campaign is a suite with a case per cell: run, lab failure, never ran', () => {
  const cell = {
    server: { lab: 'openldap' as const },
    entries: 10_000,
    indexProfile: 'salford-indexed',
    workload: 'salford/S.1',
    connections: 50,
    policy: { kind: 'persistent' as const },
    repeat: 1,
    opsPerSec: null,
    latencyUs: null,
  };
  const campaign = {
    id: 'cmp-1',
    name: 'Salford at 10K',
    status: 'cancelled',
    createdAt: '2026-11-25T09:00:00.000Z',
    cells: [
      { ...cell, index: 0, status: 'done', runId: 'run-1', error: null },
      {
        ...cell,
        index: 1,
        status: 'failed',
        runId: null,
        error: 'the lab could not be prepared: no slapd',
      },
      { ...cell, index: 2, status: 'pending', runId: null, error: null },
    ],
  } as unknown as CampaignDetail;
  const xml = junitXml([campaignSuite(campaign, (id) => run(id, { thresholdResults: breached }))]);
  assert.match(
    xml,
    /<testsuite name="dirbench matrix Salford at 10K" tests="3" failures="1" errors="1" skipped="1"/,
  );
  assert.match(xml, /<property name="dirbench.campaign" value="cmp-1"\/>/);
  assert.match(
    xml,
    /<testcase name="cell 1: salford\/S.1 on OpenLDAP, 10,000 entries, salford-indexed, 50 connections, repeat 1"/,
  );
  assert.match(xml, /<error type="failed" message="the lab could not be prepared: no slapd">/);
  assert.match(
    xml,
    /<skipped message="the cell did not run \(pending\): the campaign ended before it"\/>/,
  );
});

test('characters XML cannot hold are replaced; attributes keep their newlines as references', () => {
  const xml = junitXml([
    runSuite([
      run('run-1', { status: 'stopped', endReason: 'line one\nline two \u0001 \u001b[0m' }),
    ]),
  ]);
  assert.ok(!xml.includes('\u0001') && !xml.includes('\u001b'), 'control characters are gone');
  assert.match(xml, /message="the run stopped: line one&#10;line two \ufffd \ufffd\[0m"/);
});
