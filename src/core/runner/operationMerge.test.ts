import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createHistogram,
  decodeHistogram,
  encodeHistogram,
  recordLatencyUs,
} from '../loadgen/histogram.ts';
import type { OperationInterval, WorkerIntervalMessage } from '../loadgen/protocol.ts';
import { TRICKY_LABELS, UNSAFE_LABELS } from '../testing/operationLabelCases.ts';
import { operationHistogramsBase64 } from './operationMerge.ts';
import { MeasuredTotals, SecondMerger } from './secondMerger.ts';

const LABELS = [...TRICKY_LABELS, ...UNSAFE_LABELS];

/** Each label's own latency (us) and op count, so a figure under the wrong label shows. */
const latencyOf = (i: number) => 100 * (i + 1);
const opsOf = (i: number) => i + 1;

/** One label's interval: `ops` successes at `latencyUs`, and `errors` failures. */
function labelInterval(label: string, ops: number, latencyUs: number): OperationInterval {
  const h = createHistogram();
  for (let n = 0; n < ops; n++) recordLatencyUs(h, latencyUs);
  return {
    label,
    ops,
    errors: 1,
    errorsByCode: { busy: 1 },
    entries: ops * 2,
    histogram: encodeHistogram(h),
  };
}

/** A worker's report of `second` with every label, listed in `order` (a worker's own order). */
function report(second: number, order: readonly string[]): WorkerIntervalMessage {
  const operations = order.map((label) => {
    const i = LABELS.indexOf(label);
    return labelInterval(label, opsOf(i), latencyOf(i));
  });
  const h = createHistogram();
  return {
    type: 'interval',
    second,
    intervalMs: 1000,
    ops: operations.reduce((n, o) => n + o.ops, 0),
    errors: operations.length,
    errorsByCode: {},
    entries: 0,
    histogram: encodeHistogram(h),
    operations,
  };
}

test('workers listing labels in any order are merged by label, and the sample keeps every label as an own key', () => {
  const merger = new SecondMerger(LABELS);
  merger.add(report(0, LABELS));
  merger.add(report(0, [...LABELS].reverse()));
  const { sample, operations } = merger.take(0, 'measured');

  assert.ok(operations !== null);
  assert.deepEqual(
    operations.map((o) => o.label),
    LABELS,
    'in the workload order',
  );
  LABELS.forEach((label, i) => {
    const o = operations[i];
    assert.equal(o?.figures.ops, 2 * opsOf(i), label);
    assert.equal(o?.figures.errors, 2, label);
    assert.deepEqual(o?.figures.errorsByCode, { busy: 2 }, label);
    assert.equal(o?.histogram.totalCount, 2 * opsOf(i), label);
    assert.equal(o?.figures.latencyUs.max, latencyOf(i), label);
  });

  const record = sample.operations ?? assert.fail('a mix sample lists its operations');
  assert.equal(Object.getPrototypeOf(record), Object.prototype, '__proto__ did not replace it');
  assert.deepEqual(Object.keys(record).sort(), [...LABELS].sort());
  LABELS.forEach((label, i) => {
    assert.ok(Object.hasOwn(record, label), label);
    assert.equal(record[label]?.latencyUs.p50, latencyOf(i), label);
  });
  // What is stored and sent to the UI is JSON: every label survives the trip.
  const copy = JSON.parse(JSON.stringify(sample)) as typeof sample;
  LABELS.forEach((label, i) => {
    assert.ok(Object.hasOwn(copy.operations ?? {}, label), label);
    assert.equal(copy.operations?.[label]?.ops, 2 * opsOf(i), label);
  });
});

test('the histograms handed on for storage are keyed by label, each the one that label recorded', () => {
  const merger = new SecondMerger(LABELS);
  merger.add(report(0, [...LABELS].reverse()));
  const { operations } = merger.take(0, 'measured');
  const byLabel = operationHistogramsBase64(operations ?? assert.fail('a mix'));
  assert.deepEqual([...byLabel.keys()], LABELS);
  LABELS.forEach((label, i) => {
    const h = decodeHistogram(byLabel.get(label) ?? assert.fail(label));
    assert.equal(h.totalCount, opsOf(i), label);
    assert.equal(h.maxValue, latencyOf(i), label);
  });
});

test('the summary totals each label over the measured seconds under its own label', () => {
  const merger = new SecondMerger(LABELS);
  const totals = new MeasuredTotals(LABELS);
  for (const second of [0, 1]) {
    merger.add(report(second, LABELS));
    const { sample, histogram, operations } = merger.take(second, 'measured');
    totals.add(sample, histogram, operations);
  }
  const summary = totals.summary() ?? assert.fail('measured seconds were added');
  const byLabel = summary.operations ?? assert.fail('a mix summary lists its operations');
  assert.equal(Object.getPrototypeOf(byLabel), Object.prototype);
  assert.deepEqual(Object.keys(byLabel).sort(), [...LABELS].sort());
  LABELS.forEach((label, i) => {
    assert.ok(Object.hasOwn(byLabel, label), label);
    const o = byLabel[label];
    assert.equal(o?.ops, 2 * opsOf(i), label);
    assert.equal(o?.opsPerSec, opsOf(i), label);
    assert.equal(o?.entriesPerOp, 2, label);
    assert.equal(o?.latencyUs.p99, latencyOf(i), label);
  });
});

test('a second nobody reported still lists every label, at zero', () => {
  const merger = new SecondMerger(LABELS);
  const { sample, operations } = merger.take(3, 'measured');
  assert.deepEqual(
    operations?.map((o) => [o.label, o.figures.ops]),
    LABELS.map((label) => [label, 0]),
  );
  assert.ok(LABELS.every((label) => Object.hasOwn(sample.operations ?? {}, label)));
});

test('a report naming a label the workload does not have is refused whole, naming the label', () => {
  const merger = new SecondMerger(['search', '1']);
  const bad = report(0, []);
  bad.operations = [labelInterval('search', 5, 100), labelInterval('01', 5, 100)];
  assert.throws(
    () => merger.add(bad),
    /operation label "01", which the workload does not have \(its labels: "search", "1"\)/,
  );
  assert.equal(merger.reportsFor(0), 0, 'nothing of it was counted');
  const { operations } = merger.take(0, 'measured');
  assert.equal(operations?.[0]?.figures.ops, 0, 'not even the labels it had right');
});

test('single-operation workloads carry no per-operation figures', () => {
  const merger = new SecondMerger(['search']);
  merger.add(report(0, []));
  const { sample, operations } = merger.take(0, 'measured');
  assert.equal(operations, null);
  assert.equal(sample.operations, undefined);
});
