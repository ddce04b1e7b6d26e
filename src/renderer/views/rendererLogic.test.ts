// Plain-Node checks of the renderer's pure logic (the renderer's own lint forbids node:test there).
import assert from 'node:assert/strict';
import test from 'node:test';
import type { ActiveRun, RunSample } from '../../shared/types.ts';
import { countNonZero, opsPoints } from '../charts/runChartOptions.ts';
import { formatEntries, formatLatencyMs, formatOpsPerSec } from '../format/numbers.ts';
import { phaseSeries, workerSeries } from '../charts/telemetryChartOptions.ts';
import { connectionFigures, openModelFigures } from './panels/runFigures.ts';
import { parseRoute, routeHref } from '../hooks/useHashRoute.ts';
import { activeRunReducer, initialActiveRunState } from './run/activeRunState.ts';
import { defaultRunValues, runFieldErrors, toRunRequest } from './run/runForm.ts';
import { targetFieldErrors } from './targets/targetForm.ts';

function sample(second: number, ops: number): RunSample {
  const latencyUs = { p50: 500, p90: 900, p99: 1500, p999: 3000, max: 9000, mean: 600 };
  return {
    second,
    phase: second < 1 ? 'warmup' : 'measured',
    intervalMs: 1000,
    ops,
    errors: 0,
    errorsByCode: {},
    entries: ops,
    latencyUs,
  };
}

function activeRun(runId: string, samples: RunSample[]): ActiveRun {
  return {
    runId,
    status: 'running',
    startedAt: '2025-01-01T00:00:00Z',
    samples,
    config: {} as ActiveRun['config'],
  };
}

test('live samples merge by second, whatever order runs/active and events arrive in', () => {
  let state = activeRunReducer(initialActiveRunState, {
    type: 'sample',
    runId: 'r1',
    sample: sample(0, 5),
  });
  assert.equal(state.run, null, 'a sample for an unknown run is ignored');
  state = activeRunReducer(state, { type: 'started', run: activeRun('r1', []) });
  state = activeRunReducer(state, { type: 'sample', runId: 'r1', sample: sample(1, 20) });
  state = activeRunReducer(state, {
    type: 'loaded',
    run: activeRun('r1', [sample(0, 10), sample(1, 20)]),
  });
  state = activeRunReducer(state, { type: 'sample', runId: 'r1', sample: sample(2, 30) });
  assert.deepEqual(
    state.run?.samples.map((s) => [s.second, s.ops]),
    [
      [0, 10],
      [1, 20],
      [2, 30],
    ],
  );
  state = activeRunReducer(state, {
    type: 'ended',
    runId: 'r1',
    ending: { status: 'completed', endReason: null },
  });
  assert.equal(state.run?.status, 'completed');
  assert.equal(activeRunReducer(state, { type: 'dismiss' }).run, null);
});

test('chart points count only seconds with completed operations', () => {
  assert.equal(
    countNonZero(opsPoints([sample(0, 0), sample(1, 10), { ...sample(2, 5), intervalMs: 500 }])),
    2,
  );
  assert.deepEqual(opsPoints([{ ...sample(2, 5), intervalMs: 500 }]), [[2.25, 10]]);
});

test('figures read the same in every table and card', () => {
  assert.equal(formatOpsPerSec(16598.4), '16,598');
  assert.equal(formatOpsPerSec(42.25), '42.3');
  assert.equal(formatLatencyMs(842), '0.842');
  assert.equal(formatLatencyMs(3230), '3.23');
  assert.equal(formatEntries(2000), '2K');
  assert.equal(formatEntries(10_000_000), '10M');
});

test('hash routes survive a round trip', () => {
  assert.deepEqual(parseRoute(routeHref({ name: 'run-detail', runId: 'run_1a' })), {
    name: 'run-detail',
    runId: 'run_1a',
  });
  assert.deepEqual(parseRoute('#/history'), { name: 'history' });
  assert.deepEqual(parseRoute(''), { name: 'targets' });
});

test('forms report every bad field at once, in the form labels', () => {
  const target = targetFieldErrors({
    name: '',
    url: 'http://x',
    startTls: false,
    bindDn: 'nonsense',
    baseDn: '',
  });
  assert.deepEqual(Object.keys(target).sort(), ['baseDn', 'bindDn', 'name', 'url']);
  assert.match(target.baseDn ?? '', /^Base DN is required/);
  const run = runFieldErrors({
    ...defaultRunValues('t1'),
    connections: '',
    durationS: '0',
    workers: '2.5',
  });
  assert.deepEqual(Object.keys(run).sort(), ['connections', 'durationS', 'workers']);
  assert.match(run.connections ?? '', /^Connections is required/);
  assert.deepEqual(runFieldErrors(defaultRunValues('t1')), {});
});

test('the run form turns policy, load model and rate profile into the request', () => {
  const base = defaultRunValues('t1');
  assert.deepEqual(toRunRequest(base).policy, { kind: 'persistent' });
  assert.equal(toRunRequest(base).targetOpsPerSec, undefined);
  const open = { ...base, loadModel: 'open' as const, targetOpsPerSec: '500' };
  assert.equal(toRunRequest(open).targetOpsPerSec, 500);
  const profiled = { ...open, rateProfile: '4 500 2000\n8 2000' };
  assert.equal(toRunRequest(profiled).targetOpsPerSec, undefined);
  assert.deepEqual(toRunRequest(profiled).rateProfile, [
    { durationS: 4, fromOpsPerSec: 500, toOpsPerSec: 2000 },
    { durationS: 8, fromOpsPerSec: 2000, toOpsPerSec: 2000 },
  ]);
  assert.deepEqual(runFieldErrors(profiled), {});
  assert.match(runFieldErrors({ ...open, rateProfile: '3 500' }).rateProfile ?? '', /covers 3 s/);
  assert.match(runFieldErrors({ ...open, rateProfile: 'x' }).rateProfile ?? '', /^Line 1/);
  assert.match(
    runFieldErrors({ ...open, targetOpsPerSec: '' }).targetOpsPerSec ?? '',
    /^Target rate is required/,
  );
  const reconnect = { ...base, policy: 'reconnect' as const, reconnectEveryOps: '0' };
  assert.match(
    runFieldErrors(reconnect).reconnectEveryOps ?? '',
    /^Reconnect interval must be between 1/,
  );
  assert.deepEqual(toRunRequest({ ...reconnect, reconnectEveryOps: '50' }).policy, {
    kind: 'reconnect',
    everyOps: 50,
  });
});

test('optional figures are absent, not zero, when samples do not carry them', () => {
  const plain = [sample(0, 10), sample(1, 20)];
  assert.equal(connectionFigures(plain, null), null);
  assert.equal(openModelFigures(plain, null), null);
  assert.deepEqual(phaseSeries(plain, 'p99'), []);
  assert.deepEqual(
    workerSeries(plain, (w) => w.cpuPercent),
    [],
  );
  const withBytes = [
    { ...sample(1, 20), bytesSent: 2000, reconnects: 1 },
    { ...sample(2, 20), intervalMs: 500, bytesSent: 1000, reconnects: 0 },
  ];
  assert.deepEqual(connectionFigures(withBytes, null), {
    connectionsOpened: null,
    reconnects: 1,
    bytesSentPerSec: 2000,
    bytesReceivedPerSec: null,
  });
  const phases = [
    { ...sample(1, 5), phaseLatencyUs: { bind: { ...sample(0, 0).latencyUs, p99: 800 } } },
    { ...sample(2, 5), phaseLatencyUs: { bind: { ...sample(0, 0).latencyUs, p99: 1200 } } },
  ];
  assert.deepEqual(phaseSeries(phases, 'p99'), [
    {
      name: 'bind',
      points: [
        [1.5, 0.8],
        [2.5, 1.2],
      ],
    },
  ]);
});

test('a worker figure a reading lacks (recorded before it was measured) is a gap, not zero', () => {
  const reading = {
    worker: 1,
    cpuPercent: 40,
    eventLoopUtilization: 0.5,
    eventLoopDelayP99Us: 900,
    outstanding: 8,
  };
  const samples = [
    { ...sample(1, 20), workers: [reading] },
    { ...sample(2, 20), workers: [{ ...reading, gcPauseMs: 12.5, gcCount: 30, majorGcCount: 1 }] },
  ];
  assert.deepEqual(
    workerSeries(samples, (w) => w.gcPauseMs).map((s) => s.points.map(([, value]) => value)),
    [[null, 12.5]],
  );
});
