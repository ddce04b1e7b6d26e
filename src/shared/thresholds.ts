// Pass/fail thresholds over a run's summary (`p99<5ms`, `search.opsPerSec>=1000`): grammar, parsing, units.
import { invalid } from './errors.ts';

/** What a threshold can check: latency percentiles, throughput, errors, the slowest consumer's replication lag. */
export type ThresholdMetric =
  | 'p50'
  | 'p90'
  | 'p99'
  | 'p999'
  | 'max'
  | 'mean'
  | 'opsPerSec'
  | 'errorRate'
  | 'errors'
  | 'replicationLagP99';

/** Comparison a run must satisfy: `actual OPERATOR limit`. */
export type ThresholdOperator = '<' | '<=' | '>' | '>=';

/** A parsed threshold; `limit` is in the metric's base unit (microseconds, ops/s, a fraction, a count). */
export interface Threshold {
  /** The expression as written, trimmed: what reports and breaches show. */
  expression: string;
  /** An operation label of a mix (`search.p99`), or null for the whole run. */
  label: string | null;
  metric: ThresholdMetric;
  operator: ThresholdOperator;
  limit: number;
}

/** Most thresholds one run takes (a typo loop in a script should not store thousands). */
export const MAX_THRESHOLDS = 50;

/** How a metric's values are written: latency with a time unit, error rate in percent, others bare. */
type MetricKind = 'latency' | 'rate' | 'fraction' | 'count';

const METRICS: Readonly<Record<ThresholdMetric, MetricKind>> = {
  p50: 'latency',
  p90: 'latency',
  p99: 'latency',
  p999: 'latency',
  max: 'latency',
  mean: 'latency',
  opsPerSec: 'rate',
  errorRate: 'fraction',
  errors: 'count',
  replicationLagP99: 'latency',
};

/** Names accepted for metrics beside their own (`p99.9` reads better than `p999`). */
const ALIASES: Readonly<Record<string, ThresholdMetric>> = { 'p99.9': 'p999' };

const LATENCY_UNITS_US: Readonly<Record<string, number>> = {
  us: 1,
  µs: 1,
  ms: 1_000,
  s: 1_000_000,
};

/** One line of the grammar, for error messages and help. */
export const THRESHOLD_GRAMMAR =
  '[LABEL.]METRIC OP VALUE, METRIC one of p50 p90 p99 p99.9 p999 max mean (VALUE with us, ms or s), ' +
  'opsPerSec, errors (plain numbers), errorRate (VALUE with %) or replicationLagP99 (a time, whole run ' +
  'only), OP one of < <= > >=; e.g. p99<5ms, opsPerSec>=10000, errorRate<0.1%, search.p99<2ms';

const EXPRESSION = /^(.+?)\s*(<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)?)\s*([a-zµ%]*)$/i;
const SUBJECT =
  /^(?:(.+)\.)?(p50|p90|p99\.9|p999|p99|max|mean|opsPerSec|errorRate|errors|replicationLagP99)$/;

/** Parses one threshold; a mistake throws a validation error on `field` saying what is wrong and the grammar. */
export function parseThreshold(text: unknown, field: string): Threshold {
  if (typeof text !== 'string' || text.trim() === '') {
    throw invalid(field, `a threshold must be an expression like p99<5ms (${THRESHOLD_GRAMMAR})`);
  }
  const expression = text.trim();
  const parts = EXPRESSION.exec(expression);
  if (parts === null) {
    throw invalid(field, `"${expression}" is not a threshold: write ${THRESHOLD_GRAMMAR}`);
  }
  const [, subjectText = '', operatorText = '', valueText = '', unitText = ''] = parts;
  const subject = SUBJECT.exec(subjectText);
  if (subject === null) {
    throw invalid(
      field,
      `"${expression}": unknown metric "${subjectText}"; write ${THRESHOLD_GRAMMAR}`,
    );
  }
  const [, label, metricText = ''] = subject;
  const metric = ALIASES[metricText] ?? (metricText as ThresholdMetric);
  if (label !== undefined && label.trim() === '') {
    throw invalid(field, `"${expression}": the operation label before "." is empty`);
  }
  if (label !== undefined && metric === 'replicationLagP99') {
    // Markers are written beside the load, not by one operation, so the lag has no label.
    throw invalid(field, `"${expression}": replicationLagP99 is the whole run's; drop "${label}."`);
  }
  return {
    expression,
    label: label ?? null,
    metric,
    operator: operatorText as ThresholdOperator,
    limit: limitOf(Number(valueText), unitText, metric, expression, field),
  };
}

/** The limit in the metric's base unit, checking the unit fits the metric. */
function limitOf(
  value: number,
  unit: string,
  metric: ThresholdMetric,
  expression: string,
  field: string,
): number {
  const kind = METRICS[metric];
  if (kind === 'latency') {
    const scale = LATENCY_UNITS_US[unit.toLowerCase()];
    if (scale === undefined) {
      throw invalid(field, `"${expression}": give ${metric} a time unit: us, ms or s (e.g. 5ms)`);
    }
    return value * scale;
  }
  if (kind === 'fraction') {
    if (unit !== '%') {
      throw invalid(field, `"${expression}": give ${metric} in percent (e.g. errorRate<0.1%)`);
    }
    if (value > 100) throw invalid(field, `"${expression}": a rate above 100% means nothing`);
    return value / 100;
  }
  if (unit !== '') {
    throw invalid(field, `"${expression}": ${metric} is a plain number, without "${unit}"`);
  }
  return value;
}

/** Parses a list of thresholds (from an option, a workload or a matrix file), naming `field[i]` on a mistake. */
export function parseThresholds(list: unknown, field: string): Threshold[] {
  if (!Array.isArray(list)) {
    throw invalid(field, `${field} must be a list of expressions like ["p99<5ms"]`);
  }
  if (list.length > MAX_THRESHOLDS) {
    throw invalid(field, `at most ${MAX_THRESHOLDS} thresholds, got ${list.length}`);
  }
  return list.map((text, i) => parseThreshold(text, `${field}[${i}]`));
}

/** Thresholds as typed in a form: one per line or separated by commas, blanks dropped. */
export function splitThresholds(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** True when `actual` satisfies the threshold. */
export function thresholdHolds(threshold: Threshold, actual: number): boolean {
  switch (threshold.operator) {
    case '<':
      return actual < threshold.limit;
    case '<=':
      return actual <= threshold.limit;
    case '>':
      return actual > threshold.limit;
    case '>=':
      return actual >= threshold.limit;
  }
}

/** A value of `metric` written in the unit people read it in (ms for latency, % for rates). */
export function formatThresholdValue(metric: ThresholdMetric, value: number): string {
  const kind = METRICS[metric];
  if (kind === 'latency') {
    if (value < 1_000) return `${round(value)} us`;
    return value < 1_000_000 ? `${round(value / 1_000)} ms` : `${round(value / 1_000_000)} s`;
  }
  if (kind === 'fraction') return `${round(value * 100)}%`;
  return kind === 'rate' ? `${Math.round(value)} ops/s` : String(value);
}

/** Three significant digits at most, no trailing zeros. */
function round(value: number): number {
  return Number(value.toPrecision(3));
}

/** True for metrics about latency (they need at least one successful operation to mean anything). */
export function isLatencyMetric(metric: ThresholdMetric): boolean {
  return METRICS[metric] === 'latency';
}

/** One threshold's verdict, stored with the run. */
export interface ThresholdResult {
  expression: string;
  /** The run's figure in the metric's base unit; null when the run has none to compare. */
  actual: number | null;
  passed: boolean;
  /** What was measured, in words: "p99 was 2.31 ms", or why nothing could be read. */
  detail: string;
}
