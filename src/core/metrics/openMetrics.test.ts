import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  escapeText,
  formatFamily,
  formatLabels,
  formatOpenMetrics,
  formatValue,
} from './openMetrics.ts';

test('label values and HELP escape backslash, double quote and line feed, nothing else', () => {
  assert.equal(escapeText('a\\b"c\nd é{}'), 'a\\\\b\\"c\\nd é{}');
  assert.equal(
    formatLabels([
      ['target', 'x"y'],
      ['label', 'a\\b'],
    ]),
    '{target="x\\"y",label="a\\\\b"}',
  );
  assert.equal(formatLabels([]), '');
});

test('values are spelled as OpenMetrics numbers', () => {
  assert.equal(formatValue(3), '3');
  assert.equal(formatValue(0.00025), '0.00025');
  assert.equal(formatValue(Infinity), '+Inf');
  assert.equal(formatValue(-Infinity), '-Inf');
  assert.equal(formatValue(NaN), 'NaN');
});

test('a family prints TYPE, UNIT and HELP before its samples; the body ends with # EOF', () => {
  const text = formatOpenMetrics([
    {
      name: 'x_seconds',
      type: 'gauge',
      unit: 'seconds',
      help: 'line one\nline two',
      samples: [{ suffix: '', labels: [['run', 'r1']], value: 1.5 }],
    },
    {
      name: 'y',
      type: 'counter',
      help: 'ys',
      samples: [{ suffix: '_total', labels: [], value: 2 }],
    },
  ]);
  assert.equal(
    text,
    [
      '# TYPE x_seconds gauge',
      '# UNIT x_seconds seconds',
      '# HELP x_seconds line one\\nline two',
      'x_seconds{run="r1"} 1.5',
      '# TYPE y counter',
      '# HELP y ys',
      'y_total 2',
      '# EOF',
      '',
    ].join('\n'),
  );
  assert.equal(formatOpenMetrics([]), '# EOF\n');
});

test('a family without samples keeps its metadata lines', () => {
  assert.equal(
    formatFamily({ name: 'z', type: 'info', help: 'h', samples: [] }),
    '# TYPE z info\n# HELP z h\n',
  );
});
