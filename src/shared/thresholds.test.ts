import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from './errors.ts';
import { formatThresholdValue, parseThreshold, parseThresholds } from './thresholds.ts';

test('the grammar of the issue: latency with units, throughput, error rate in percent, per label', () => {
  assert.deepEqual(parseThreshold('p99<5ms', 't'), {
    expression: 'p99<5ms',
    label: null,
    metric: 'p99',
    operator: '<',
    limit: 5000,
  });
  assert.equal(parseThreshold('p999<=20ms', 't').limit, 20_000);
  assert.equal(parseThreshold('p99.9 <= 20 ms', 't').metric, 'p999');
  assert.deepEqual(parseThreshold(' opsPerSec>=10000 ', 't'), {
    expression: 'opsPerSec>=10000',
    label: null,
    metric: 'opsPerSec',
    operator: '>=',
    limit: 10_000,
  });
  assert.equal(parseThreshold('errorRate<0.1%', 't').limit, 0.001);
  const perLabel = parseThreshold('search.p99<2ms', 't');
  assert.equal(perLabel.label, 'search');
  assert.equal(perLabel.limit, 2000);
  assert.equal(parseThreshold('p50>1us', 't').limit, 1);
  assert.equal(parseThreshold('max<1.5s', 't').limit, 1_500_000);
  assert.equal(parseThreshold('errors<=0', 't').limit, 0);
});

test('labels may hold dots and look like metrics; the metric is the last part', () => {
  assert.equal(parseThreshold('a.b.p99.9<1ms', 't').label, 'a.b');
  assert.equal(parseThreshold('a.b.p99.9<1ms', 't').metric, 'p999');
  assert.equal(parseThreshold('p99.p50<1ms', 't').label, 'p99');
  assert.equal(parseThreshold('1.opsPerSec>5', 't').label, '1');
  assert.equal(parseThreshold('検索.p99<1ms', 't').label, '検索');
});

test('mistakes name the field and say what is wrong', () => {
  const cases: [string, RegExp][] = [
    ['', /an expression like p99<5ms/],
    ['p99', /is not a threshold/],
    ['p99<5', /give p99 a time unit: us, ms or s/],
    ['p99<5min', /give p99 a time unit/],
    ['errorRate<0.1', /in percent/],
    ['errorRate<200%', /above 100%/],
    ['opsPerSec>1000ms', /plain number, without "ms"/],
    ['latency<5ms', /unknown metric "latency"/],
    ['.p99<5ms', /unknown metric|label before "." is empty/],
    ['p99=5ms', /is not a threshold/],
    ['p99<-5ms', /is not a threshold/],
  ];
  for (const [text, message] of cases) {
    assert.throws(
      () => parseThreshold(text, 'thresholds[2]'),
      (err: unknown) =>
        err instanceof ApiError && err.field === 'thresholds[2]' && message.test(err.message),
      text,
    );
  }
  assert.throws(() => parseThreshold(42, 'x'), /an expression like/);
});

test('lists are checked as a whole and per entry', () => {
  assert.equal(parseThresholds(['p99<5ms', 'errors<1'], 'thresholds').length, 2);
  assert.throws(() => parseThresholds('p99<5ms', 'thresholds'), /must be a list/);
  assert.throws(
    () => parseThresholds(['p99<5ms', 'nope'], 'thresholds'),
    (err: unknown) => err instanceof ApiError && err.field === 'thresholds[1]',
  );
  assert.throws(() => parseThresholds(Array(51).fill('p99<1s'), 'thresholds'), /at most 50/);
});

test('values are written in the unit people read', () => {
  assert.equal(formatThresholdValue('p99', 870), '870 us');
  assert.equal(formatThresholdValue('p99', 2314), '2.31 ms');
  assert.equal(formatThresholdValue('max', 1_500_000), '1.5 s');
  assert.equal(formatThresholdValue('errorRate', 0.00123), '0.123%');
  assert.equal(formatThresholdValue('opsPerSec', 16477.4), '16477 ops/s');
  assert.equal(formatThresholdValue('errors', 3), '3');
});

test('replicationLagP99 takes a time and no label', () => {
  const lag = parseThreshold('replicationLagP99<1s', 'slo[0]');
  assert.deepEqual(lag, {
    expression: 'replicationLagP99<1s',
    label: null,
    metric: 'replicationLagP99',
    operator: '<',
    limit: 1_000_000,
  });
  assert.throws(
    () => parseThreshold('replicationLagP99<1', 'slo[0]'),
    /give replicationLagP99 a time unit/,
  );
  assert.throws(
    () => parseThreshold('search.replicationLagP99<1s', 'slo[0]'),
    /replicationLagP99 is the whole run's; drop "search\."/,
  );
});
