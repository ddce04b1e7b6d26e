import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from './errors.ts';
import type { CompareRun } from './compare.ts';
import { baselineMetricValue, compareToBaseline, metricChange } from './compareBaseline.ts';
import type { MetricChange } from './compareBaseline.ts';
import {
  baselineValueText,
  changePercentText,
  describeChange,
  pValueText,
} from './compareBaselineText.ts';
import { compareRunFixture } from './compareFixtures.ts';
import { settingGroups } from './compareSeries.ts';

/** A completed run with `opsPerSec` and p99 `p99Us` (other latencies from the fixture). */
function run(id: string, opsPerSec: number, p99Us: number, extra: Partial<CompareRun> = {}) {
  const fixture = compareRunFixture();
  return compareRunFixture({
    id,
    opsPerSec,
    ops: opsPerSec * 10,
    latencyUs: { ...(fixture.latencyUs as NonNullable<CompareRun['latencyUs']>), p99: p99Us },
    ...extra,
  });
}

function change(comparison: ReturnType<typeof compareToBaseline>, setting: number, metric: string) {
  const found = comparison.candidates[setting]?.changes.find((c) => c.metric === metric);
  assert.ok(found, `setting ${setting} has ${metric}`);
  return found;
}

const baseline = [run('b1', 1000, 1500), run('b2', 1020, 1520), run('b3', 980, 1480)];

test('means, change in percent and direction per metric; higher ops/s is better, lower latency is better', () => {
  const candidates = [run('c1', 900, 1800), run('c2', 910, 1810), run('c3', 890, 1790)];
  const comparison = compareToBaseline(baseline, candidates);
  assert.equal(comparison.candidates.length, 1);
  const ops = change(comparison, 0, 'opsPerSec');
  assert.equal(ops.baseline, 1000);
  assert.equal(ops.candidate, 900);
  assert.ok(Math.abs((ops.changePercent ?? 0) + 10) < 1e-9);
  assert.equal(ops.direction, 'worse');
  assert.equal(ops.baselineN, 3);
  assert.ok(ops.welch && ops.welch.pValue < 0.05 && ops.welch.t < 0);
  const p99 = change(comparison, 0, 'p99Us');
  assert.ok(Math.abs((p99.changePercent ?? 0) - 20) < 1e-9);
  assert.equal(p99.direction, 'worse');
  // The fixture's p50 is the same everywhere: same, and a constant-vs-constant test says p = 1.
  const p50 = change(comparison, 0, 'p50Us');
  assert.equal(p50.direction, 'same');
  assert.equal(p50.welch?.pValue, 1);
  const better = compareToBaseline(baseline, [run('c4', 1100, 1200)]);
  assert.equal(change(better, 0, 'opsPerSec').direction, 'better');
  assert.equal(change(better, 0, 'p99Us').direction, 'better');
});

test("Welch's p-value only with two counted runs on both sides", () => {
  const one = compareToBaseline(baseline, [run('c1', 900, 1800)]);
  assert.equal(change(one, 0, 'opsPerSec').welch, null);
  const oneBaseline = compareToBaseline(
    [run('b1', 1000, 1500)],
    [run('c1', 900, 1800), run('c2', 950, 1700)],
  );
  assert.equal(change(oneBaseline, 0, 'opsPerSec').welch, null);
  // A failed repeat leaves one counted run: still no test.
  const failed = run('c2', 0, 0, { status: 'failed', opsPerSec: null, latencyUs: null });
  const withFailed = compareToBaseline(baseline, [run('c1', 900, 1800), failed]);
  assert.equal(change(withFailed, 0, 'opsPerSec').welch, null);
  assert.equal(change(withFailed, 0, 'opsPerSec').candidateN, 1);
});

test('failed, stopped and interrupted runs do not count and are listed with why', () => {
  const candidates = [
    run('c1', 900, 1800),
    run('c2', 500, 9000, { status: 'stopped' }),
    run('c3', 0, 0, { status: 'interrupted', opsPerSec: null, latencyUs: null }),
    run('c4', 0, 0, { opsPerSec: null, latencyUs: null }),
  ];
  const comparison = compareToBaseline(baseline, candidates);
  const [setting] = comparison.candidates;
  assert.deepEqual(setting?.runIds, ['c1', 'c2', 'c3', 'c4']);
  assert.deepEqual(setting?.countedRunIds, ['c1']);
  assert.deepEqual(setting?.uncounted, [
    { id: 'c2', status: 'stopped', reason: 'stopped' },
    { id: 'c3', status: 'interrupted', reason: 'interrupted' },
    { id: 'c4', status: 'completed', reason: 'no summary' },
  ]);
  // The stopped run's 500 ops/s stays out of the mean.
  assert.equal(change(comparison, 0, 'opsPerSec').candidate, 900);
  const allFailed = compareToBaseline(baseline, [candidates[2] as CompareRun]);
  const none = change(allFailed, 0, 'opsPerSec');
  assert.deepEqual([none.candidate, none.changePercent, none.direction], [null, null, null]);
});

test('candidates are grouped into settings the way the compare charts group repeats', () => {
  const candidates = [
    run('a1', 900, 1800, { connections: 16 }),
    run('x1', 1100, 1400),
    run('a2', 920, 1820, { connections: 16 }),
    run('x2', 1080, 1420),
  ];
  const comparison = compareToBaseline(baseline, candidates);
  assert.deepEqual(
    comparison.candidates.map((c) => [c.name, c.runIds]),
    [
      ['OpenLDAP 2.5.13 · 16 conn', ['a1', 'a2']],
      ['OpenLDAP 2.5.13 · 8 conn', ['x1', 'x2']],
    ],
  );
  assert.equal(comparison.baseline.name, 'OpenLDAP 2.5.13 · 8 conn');
  // The same groups (and names) as the bars of all the runs together.
  assert.deepEqual(
    settingGroups([...baseline, ...candidates]).map((g) => g.name),
    ['OpenLDAP 2.5.13 · 8 conn', 'OpenLDAP 2.5.13 · 16 conn'],
  );
  // Open-model runs at another rate are another setting.
  const open = compareToBaseline(baseline, [run('o1', 500, 900, { loadModel: 'open 500 ops/s' })]);
  assert.equal(open.candidates[0]?.name, 'OpenLDAP 2.5.13 · open 500 ops/s');
});

test('the error rate is errors over attempted operations, lower is better, and rises "from 0"', () => {
  const clean = run('b', 1000, 1500, { ops: 10_000, errors: 0 });
  const noisy = run('c', 1000, 1500, { ops: 9_990, errors: 10 });
  assert.equal(baselineMetricValue(noisy, 'errorRate'), 0.001);
  assert.equal(baselineMetricValue(run('f', 0, 0, { status: 'failed' }), 'errorRate'), null);
  const fromZero = metricChange('errorRate', [clean], [noisy]);
  assert.deepEqual([fromZero.changePercent, fromZero.direction], [null, 'worse']);
  assert.equal(changePercentText(fromZero), 'from 0');
  assert.equal(
    describeChange(fromZero),
    'error rate worse than the baseline, which had none (0% -> 0.10%)',
  );
  const bothZero = metricChange('errorRate', [clean], [clean]);
  assert.deepEqual([bothZero.changePercent, bothZero.direction], [0, 'same']);
  const fewer = metricChange(
    'errorRate',
    [noisy],
    [run('d', 1000, 1500, { ops: 9_995, errors: 5 })],
  );
  assert.equal(fewer.direction, 'better');
});

test('bad input names the side at fault', () => {
  const field = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      assert.ok(err instanceof ApiError);
      return [err.field, err.message];
    }
    assert.fail('expected an error');
  };
  assert.equal(field(() => compareToBaseline([], [run('c', 1, 1)]))[0], 'baseline');
  const [onBoth, message] = field(() => compareToBaseline(baseline, [run('b2', 1, 1)]));
  assert.equal(onBoth, 'runs');
  assert.match(message ?? '', /run b2 is both in the baseline and among the runs/);
  const [mixed, why] = field(() =>
    compareToBaseline([run('b1', 1, 1), run('b2', 1, 1, { connections: 32 })], [run('c', 1, 1)]),
  );
  assert.equal(mixed, 'baseline');
  assert.match(why ?? '', /repeats of one setting, but they differ: 8 conn vs 32 conn/);
});

test('figures in words: values with units, signed percent, p-values', () => {
  assert.equal(baselineValueText('opsPerSec', 12_345.6), '12,346 ops/s');
  assert.equal(baselineValueText('p99Us', 1500), '1.50 ms');
  assert.equal(baselineValueText('errorRate', 0.00012), '0.012%');
  assert.equal(baselineValueText('errorRate', 0.25), '25.0%');
  assert.equal(baselineValueText('meanUs', null), '-');
  const c = (changePercent: number | null, direction: MetricChange['direction']) =>
    ({ metric: 'p99Us', changePercent, direction }) as MetricChange;
  assert.equal(changePercentText(c(12.34, 'worse')), '+12.3%');
  assert.equal(changePercentText(c(-4, 'better')), '-4.0%');
  assert.equal(changePercentText(c(-0.01, 'same')), '0.0%');
  assert.equal(changePercentText(c(null, null)), '-');
  assert.equal(pValueText(0.01234), '0.012');
  assert.equal(pValueText(0.0001), '<0.001');
  assert.equal(pValueText(null), '-');
});
