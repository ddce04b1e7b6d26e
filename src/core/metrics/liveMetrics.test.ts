import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ActiveRun, RunConfig, RunSample } from '../../shared/types.ts';
import { runConfigFixture } from '../testing/runConfigFixture.ts';
import { KEEP_ENDED_MS, LiveMetrics } from './liveMetrics.ts';
import { exposedMetricNames } from './metricCatalog.ts';

const LATENCY = { p50: 200, p90: 400, p99: 1_000, p999: 3_000, max: 8_000, mean: 260 };

function started(runId: string, overrides: Partial<RunConfig> = {}): ActiveRun {
  return {
    runId,
    config: runConfigFixture({ targetName: 'ldap://127.0.0.1:3890', ...overrides }),
    status: 'preparing',
    startedAt: '2026-11-28T03:00:00.000Z',
    samples: [],
  };
}

function second(n: number, overrides: Partial<RunSample> = {}): RunSample {
  return {
    second: n,
    phase: n === 0 ? 'warmup' : 'measured',
    intervalMs: 1000,
    ops: 1000,
    errors: 2,
    errorsByCode: { busy: 2 },
    entries: 1000,
    latencyUs: LATENCY,
    ...overrides,
  };
}

/** The value of the one line starting with `prefix` (metric name and labels). */
function valueOf(text: string, prefix: string): number {
  const lines = text.split('\n').filter((line) => line.startsWith(`${prefix} `));
  assert.equal(lines.length, 1, `one line for ${prefix} in:\n${text}`);
  return Number(lines[0]?.slice(prefix.length + 1));
}

const RUN = 'run="r1",target="ldap://127.0.0.1:3890",workload="read-random"';

/** The operations counter of one label and phase of run r1. */
const opsOf = (text: string, label: string, phase = 'measured'): number =>
  valueOf(text, `dirbench_operations_total{${RUN},label="${label}",phase="${phase}"}`);

test('a closed-model run: counters per label and phase grow with each second, errors by code', () => {
  const metrics = new LiveMetrics(() => 0);
  metrics.observe({ event: 'run/started', payload: { runId: 'r1', active: started('r1') } });
  metrics.observe({ event: 'run/sample', payload: { runId: 'r1', sample: second(0) } });
  metrics.observe({ event: 'run/sample', payload: { runId: 'r1', sample: second(1) } });
  let text = metrics.render();
  assert.ok(text.endsWith('# EOF\n'));
  assert.equal(opsOf(text, 'search', 'warmup'), 1000);
  assert.equal(opsOf(text, 'search'), 1000);
  assert.equal(
    valueOf(text, `dirbench_errors_total{${RUN},label="search",phase="measured",code="busy"}`),
    2,
  );
  assert.equal(valueOf(text, `dirbench_run_active{${RUN}}`), 1);
  assert.equal(valueOf(text, `dirbench_run_elapsed_seconds{${RUN}}`), 2);
  assert.match(
    text,
    /dirbench_run_info\{run="r1",.*model="closed",policy="persistent",connections="4",depth="1",/,
  );
  metrics.observe({ event: 'run/sample', payload: { runId: 'r1', sample: second(2) } });
  text = metrics.render();
  assert.equal(opsOf(text, 'search'), 2000);
  const hist = `{${RUN},label="search",phase="measured"`;
  assert.equal(valueOf(text, `dirbench_operation_latency_seconds_bucket${hist},le="0.001"}`), 1980);
  assert.equal(valueOf(text, `dirbench_operation_latency_seconds_bucket${hist},le="+Inf"}`), 2000);
  assert.equal(valueOf(text, `dirbench_operation_latency_seconds_count${hist}}`), 2000);
  assert.ok(
    Math.abs(valueOf(text, `dirbench_operation_latency_seconds_sum${hist}}`) - 0.52) < 1e-9,
  );
  assert.doesNotMatch(text, /dirbench_behind_schedule_total\{/, 'closed model: no schedule');
});

test('a mix counts each label, and errors no label took under (connection)', () => {
  const metrics = new LiveMetrics(() => 0);
  metrics.observe({ event: 'run/started', payload: { runId: 'r1', active: started('r1') } });
  const op = (ops: number, errorsByCode: Record<string, number>) => ({
    ops,
    errors: 0,
    errorsByCode,
    entries: ops,
    latencyUs: LATENCY,
  });
  metrics.observe({
    event: 'run/sample',
    payload: {
      runId: 'r1',
      sample: second(1, {
        errorsByCode: { busy: 3, ECONNRESET: 1 },
        operations: { search: op(700, { busy: 3 }), modify: op(300, {}) },
      }),
    },
  });
  const text = metrics.render();
  assert.equal(opsOf(text, 'search'), 700);
  assert.equal(opsOf(text, 'modify'), 300);
  assert.equal(
    valueOf(text, `dirbench_errors_total{${RUN},label="search",phase="measured",code="busy"}`),
    3,
  );
  assert.equal(
    valueOf(
      text,
      `dirbench_errors_total{${RUN},label="(connection)",phase="measured",code="ECONNRESET"}`,
    ),
    1,
  );
  assert.doesNotMatch(
    text,
    /latency_seconds_count\{[^}]*label="\(connection\)"/,
    'no latency without ops',
  );
});

test('an open-model run counts behind-schedule ops from its start; telemetry gauges hold the last second', () => {
  const metrics = new LiveMetrics(() => 0);
  metrics.observe({
    event: 'run/started',
    payload: { runId: 'r1', active: started('r1', { loadModel: 'open', targetOpsPerSec: 500 }) },
  });
  assert.equal(
    valueOf(metrics.render(), `dirbench_behind_schedule_total{${RUN},phase="measured"}`),
    0,
  );
  const worker = {
    worker: 0,
    cpuPercent: 29.1,
    eventLoopUtilization: 0.7,
    eventLoopDelayP99Us: 1500,
    outstanding: 3,
  };
  metrics.observe({
    event: 'run/sample',
    payload: {
      runId: 'r1',
      sample: second(1, {
        behindSchedule: 12,
        scheduledOps: 500,
        connectionsOpened: 4,
        workers: [worker],
        server: { cpuPercent: 50, rssMb: 10 },
      }),
    },
  });
  const text = metrics.render();
  assert.equal(valueOf(text, `dirbench_behind_schedule_total{${RUN},phase="measured"}`), 12);
  assert.equal(valueOf(text, `dirbench_scheduled_operations_total{${RUN},phase="measured"}`), 500);
  assert.equal(valueOf(text, `dirbench_connections_opened_total{${RUN},phase="measured"}`), 4);
  assert.equal(
    valueOf(text, `dirbench_client_cpu_ratio{${RUN},worker="0"}`),
    0.291,
    'no float noise',
  );
  assert.equal(
    valueOf(text, `dirbench_client_event_loop_delay_p99_seconds{${RUN},worker="0"}`),
    0.0015,
  );
  assert.equal(valueOf(text, `dirbench_server_rss_bytes{${RUN}}`), 10 * 1024 * 1024);
});

test('an ended run reads inactive with its last counts, and is gone KEEP_ENDED_MS later', () => {
  let nowMs = 1_000;
  const metrics = new LiveMetrics(() => nowMs);
  metrics.observe({ event: 'run/started', payload: { runId: 'r1', active: started('r1') } });
  metrics.observe({
    event: 'run/sample',
    payload: { runId: 'r1', sample: second(1, { workers: [] }) },
  });
  assert.equal(metrics.anyActive(), true);
  metrics.observe({
    event: 'run/ended',
    payload: { runId: 'r1', status: 'completed', endReason: null },
  });
  assert.equal(metrics.anyActive(), false);
  const text = metrics.render();
  assert.equal(valueOf(text, `dirbench_run_active{${RUN}}`), 0);
  assert.equal(opsOf(text, 'search'), 1000);
  nowMs += KEEP_ENDED_MS + 1;
  assert.doesNotMatch(metrics.render(), /run="r1"/);
});

test('label values from targets are escaped; samples of unknown runs are ignored', () => {
  const metrics = new LiveMetrics(() => 0);
  metrics.observe({ event: 'run/sample', payload: { runId: 'nobody', sample: second(1) } });
  metrics.observe({
    event: 'run/started',
    payload: { runId: 'r2', active: started('r2', { targetName: 'lab "a"\\b\nc' }) },
  });
  const text = metrics.render();
  assert.match(
    text,
    /dirbench_run_active\{run="r2",target="lab \\"a\\"\\\\b\\nc",workload="read-random"\} 1/,
  );
  assert.doesNotMatch(text, /nobody/);
});

test('every family the catalog lists is in a scrape, by the names Prometheus sees', () => {
  const text = new LiveMetrics().render();
  for (const name of exposedMetricNames()) {
    const family = name.replace(/_(total|bucket|count|sum|info)$/, '');
    assert.match(text, new RegExp(`^# TYPE ${family} `, 'm'), name);
  }
});
