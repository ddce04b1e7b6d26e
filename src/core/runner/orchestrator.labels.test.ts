import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunConfig, RunSample } from '../../shared/types.ts';
import { workloadLabels } from '../../shared/workload.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import {
  createHistogram,
  decodeHistogram,
  encodeHistogram,
  recordLatencyUs,
} from '../loadgen/histogram.ts';
import type { OperationInterval, WorkerIntervalMessage } from '../loadgen/protocol.ts';
import { fakeLauncher } from '../testing/fakeWorkers.ts';
import type { FakeWorker } from '../testing/fakeWorkers.ts';
import { TRICKY_LABELS } from '../testing/operationLabelCases.ts';
import { startRun } from './orchestrator.ts';
import { runConfigFixture, runPlanFixture } from '../testing/runConfigFixture.ts';

/** A mix of searches under the tricky labels, plus a bind whose wrong passwords count as `2-invalid`. */
const SPEC: WorkloadSpec = {
  id: 'test/labels',
  title: 'Tricky labels',
  operations: [
    ...TRICKY_LABELS.map((label) => ({
      label,
      weight: 1,
      operation: {
        kind: 'search' as const,
        base: 'o=x',
        scope: 'base' as const,
        filter: '(objectClass=*)',
        attributes: [],
      },
    })),
    {
      label: '3',
      weight: 1,
      operation: { kind: 'bind', bindDn: 'cn=a,o=x', password: 'p', invalidPercent: 10 },
    },
  ],
};
const LABELS = workloadLabels(SPEC);

const latencyOf = (label: string) => 100 * (LABELS.indexOf(label) + 1);
const opsOf = (label: string) => LABELS.indexOf(label) + 1;

function config(): RunConfig {
  return runConfigFixture({ workload: SPEC.id, workloadSpec: SPEC, connections: 2 });
}

/** One worker's second: each label's ops at that label's latency, listed in `order`. */
function interval(second: number, order: readonly string[]): WorkerIntervalMessage {
  const operations: OperationInterval[] = order.map((label) => {
    const h = createHistogram();
    for (let n = 0; n < opsOf(label); n++) recordLatencyUs(h, latencyOf(label));
    return {
      label,
      ops: opsOf(label),
      errors: 0,
      errorsByCode: {},
      entries: 0,
      histogram: encodeHistogram(h),
    };
  });
  return {
    type: 'interval',
    second,
    intervalMs: 1000,
    ops: operations.reduce((n, o) => n + o.ops, 0),
    errors: 0,
    errorsByCode: {},
    entries: 0,
    histogram: encodeHistogram(createHistogram()),
    operations,
  };
}

/** Workers that report 3 seconds; worker 1 lists the labels backwards, as nothing forbids. */
function reportingWorkers(rewrite: (w: FakeWorker, m: WorkerIntervalMessage) => void = () => {}) {
  return fakeLauncher((w, m) => {
    if (m.type === 'start') w.emit({ type: 'ready', connections: m.connections, connectMs: 1 });
    if (m.type === 'go') {
      const order = w.index === 0 ? LABELS : [...LABELS].reverse();
      for (const second of [0, 1, 2]) {
        const report = interval(second, order);
        rewrite(w, report);
        w.emit(report);
      }
      w.emit({ type: 'done', reason: 'completed' });
      w.exit(0);
    }
    if (m.type === 'stop') {
      w.emit({ type: 'done', reason: 'stopped' });
      w.exit(0);
    }
  });
}

function run(launcher: ReturnType<typeof fakeLauncher>['launcher']) {
  const samples: RunSample[] = [];
  const histograms: (ReadonlyMap<string, string> | undefined)[] = [];
  const cfg = config();
  const handle = startRun(runPlanFixture('r1', cfg), launcher, {
    onSample: (s, _h, _i, byLabel) => {
      samples.push(s);
      histograms.push(byLabel);
    },
  });
  return { samples, histograms, handle };
}

test('numeric, unicode and look-alike labels keep their own figures and histograms from workers to the summary', async () => {
  const { launcher } = reportingWorkers();
  const r = run(launcher);
  const outcome = await r.handle.done;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.equal(r.samples.length, 3);

  for (const [i, sample] of r.samples.entries()) {
    const byLabel = r.histograms[i] ?? assert.fail(`second ${i} has per-operation histograms`);
    assert.deepEqual([...byLabel.keys()], LABELS, 'keyed in the workload order');
    for (const label of LABELS) {
      const h = decodeHistogram(byLabel.get(label) ?? assert.fail(label));
      assert.equal(h.totalCount, 2 * opsOf(label), `second ${i} ${label}`);
      assert.equal(h.maxValue, latencyOf(label), `second ${i} ${label}`);
      assert.ok(Object.hasOwn(sample.operations ?? {}, label), label);
      assert.equal(sample.operations?.[label]?.ops, 2 * opsOf(label), label);
      assert.equal(sample.operations?.[label]?.latencyUs.p50, latencyOf(label), label);
    }
  }

  const operations = outcome.summary?.operations ?? assert.fail('the summary has operations');
  assert.deepEqual(Object.keys(operations).sort(), [...LABELS].sort());
  for (const label of LABELS) {
    assert.ok(Object.hasOwn(operations, label), label);
    assert.equal(operations[label]?.ops, 4 * opsOf(label), `${label}: 2 workers x 2 measured s`);
    assert.equal(operations[label]?.latencyUs.p99, latencyOf(label), label);
  }
});

test('a worker reporting a label the workload does not have fails the run, naming the label', async () => {
  const { launcher } = reportingWorkers((w, report) => {
    const first = report.operations?.[0];
    if (w.index === 1 && report.second === 1 && first) first.label = '1 ';
  });
  const r = run(launcher);
  const outcome = await r.handle.done;
  assert.equal(outcome.status, 'failed');
  assert.match(
    outcome.endReason ?? '',
    /^worker 2 sent a report DirBench cannot use: .*operation label "1 ", which the workload does not have/,
  );
  assert.equal(r.samples.length, 1, 'the seconds before it are kept');
});
