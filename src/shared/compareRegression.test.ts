import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompareRun } from './compare.ts';
import { compareToBaseline } from './compareBaseline.ts';
import type { MetricChange } from './compareBaseline.ts';
import { compareRunFixture } from './compareFixtures.ts';
import {
  judgeChange,
  parseRegressionPercent,
  regressionCheck,
  verdictText,
} from './compareRegression.ts';

function run(id: string, opsPerSec: number, extra: Partial<CompareRun> = {}): CompareRun {
  return compareRunFixture({ id, opsPerSec, ops: opsPerSec * 10, ...extra });
}

/** A change of `changePercent` with `direction`, and a Welch p-value when given. */
function change(
  changePercent: number | null,
  direction: MetricChange['direction'],
  pValue: number | null = null,
): MetricChange {
  return {
    metric: 'opsPerSec',
    baseline: 1000,
    candidate: changePercent === null ? null : 1000 * (1 + changePercent / 100),
    baselineN: pValue === null ? 1 : 3,
    candidateN: pValue === null ? 1 : 3,
    changePercent,
    direction,
    welch: pValue === null ? null : { t: -3, df: 4, pValue },
  };
}

test('a change is judged: worse beyond the limit is a breach, unless a test says it may be noise', () => {
  assert.equal(judgeChange(change(-12, 'worse', 0.01), 10), 'breach');
  assert.equal(judgeChange(change(-12, 'worse'), 10), 'breach');
  assert.equal(judgeChange(change(-12, 'worse', 0.2), 10), 'not-significant');
  assert.equal(judgeChange(change(-12, 'worse', 0.05), 10), 'not-significant');
  assert.equal(judgeChange(change(-10, 'worse', 0.01), 10), 'within');
  assert.equal(judgeChange(change(30, 'better', 0.001), 10), 'within');
  assert.equal(judgeChange(change(0, 'same'), 0), 'within');
  assert.equal(judgeChange(change(null, null), 10), 'no-figure');
  // Errors where the baseline had none: no percentage, beyond any limit.
  assert.equal(judgeChange(change(null, 'worse'), 1000), 'breach');
});

test('the check lists each breach with its setting, figures and significance', () => {
  const baseline = [run('b1', 1000), run('b2', 1010), run('b3', 990)];
  const slower = [run('s1', 800, { connections: 16 }), run('s2', 810, { connections: 16 })];
  const noisy = [run('n1', 500, { depth: 4 }), run('n2', 1100, { depth: 4 })];
  const single = [run('x1', 850, { depth: 8 })];
  const comparison = compareToBaseline(baseline, [...slower, ...noisy, ...single], ['opsPerSec']);
  const check = regressionCheck(comparison, 10);
  assert.deepEqual(
    check.breaches.map((b) => [b.setting, b.metric, (b.changePercent ?? 0).toFixed(1)]),
    [
      ['OpenLDAP 2.5.13 · 16 conn · depth 1', 'opsPerSec', '-19.5'],
      ['OpenLDAP 2.5.13 · 8 conn · depth 8', 'opsPerSec', '-15.0'],
    ],
  );
  assert.match(
    check.breaches[0]?.message ?? '',
    /^OpenLDAP 2\.5\.13 · 16 conn · depth 1: throughput 19\.5% worse than the baseline \(1,000 ops\/s -> 805 ops\/s\), more than the 10% allowed; significant at the 0\.05 level \(p < 0\.001\)$/,
  );
  assert.match(
    check.breaches[1]?.message ?? '',
    /no p-value .*1 run\): judged on the change alone/,
  );
  assert.deepEqual(
    check.notSignificant.map((f) => [f.setting, f.judgement]),
    [['OpenLDAP 2.5.13 · 8 conn · depth 4', 'not-significant']],
  );
  assert.match(
    check.notSignificant[0]?.message ?? '',
    /not significant at the 0\.05 level \(p = 0\.\d{3}\): not counted/,
  );
  assert.deepEqual(regressionCheck(comparison, 50).breaches, []);
  assert.deepEqual(check.unjudged, []);
});

test('a setting none of whose runs counts cannot be judged, and says why', () => {
  const baseline = [run('b1', 1000), run('b2', 1010)];
  const failed = [
    run('f1', 0, { connections: 16, status: 'failed', opsPerSec: null }),
    run('f2', 0, { connections: 16, status: 'interrupted', opsPerSec: null }),
  ];
  const check = regressionCheck(compareToBaseline(baseline, failed), 10);
  assert.deepEqual(check.breaches, []);
  assert.deepEqual(check.unjudged, [
    {
      setting: 'OpenLDAP 2.5.13 · 16 conn',
      runIds: ['f1', 'f2'],
      message:
        'OpenLDAP 2.5.13 · 16 conn: no run counts (f1 failed, f2 interrupted), so it cannot be judged',
    },
  ]);
});

test('verdicts read without colour: direction, significance, and REGRESSION for a breach', () => {
  assert.equal(verdictText(change(-12, 'worse', 0.01)), 'worse, significant');
  assert.equal(verdictText(change(-12, 'worse', 0.01), 'breach'), 'REGRESSION: worse, significant');
  assert.equal(verdictText(change(5, 'better', 0.3)), 'better, not significant');
  assert.equal(verdictText(change(5, 'better')), 'better');
  assert.equal(verdictText(change(0, 'same', 1)), 'same');
  assert.equal(verdictText(change(null, null)), 'no figure');
});

test('--max-regression takes "10%", "10", "2.5%" and nothing else', () => {
  assert.equal(parseRegressionPercent('10%'), 10);
  assert.equal(parseRegressionPercent('10'), 10);
  assert.equal(parseRegressionPercent(' 2.5 % '), 2.5);
  assert.equal(parseRegressionPercent('0'), 0);
  for (const bad of ['', '%', '-5%', 'ten', '10%%', '1e3', '10 percent', 'NaN'])
    assert.equal(parseRegressionPercent(bad), null, bad);
});
