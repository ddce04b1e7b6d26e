// Baseline comparison figures in words, the same in the CLI's table, its messages and the GUI.
import type { BaselineMetric, MetricChange } from './compareBaseline.ts';
import { formatLatencyMs, formatOpsPerSec } from './charts/format.ts';

/** A metric as a sentence names it (no unit: the values carry theirs). */
export const BASELINE_METRIC_NAMES: Record<BaselineMetric, string> = {
  opsPerSec: 'throughput',
  p50Us: 'p50 latency',
  p90Us: 'p90 latency',
  p99Us: 'p99 latency',
  p999Us: 'p99.9 latency',
  meanUs: 'mean latency',
  errorRate: 'error rate',
};

/** An error rate (a fraction) in percent with about two significant digits: 0.012%. */
function errorRatePercentText(fraction: number): string {
  const percent = fraction * 100;
  if (percent === 0) return '0%';
  if (percent >= 10) return `${percent.toFixed(1)}%`;
  if (percent >= 0.1) return `${percent.toFixed(2)}%`;
  return `${Number(percent.toPrecision(2))}%`;
}

/** A metric's value with its unit: "12,345 ops/s", "1.50 ms", "0.012%"; "-" when there is none. */
export function baselineValueText(metric: BaselineMetric, value: number | null): string {
  if (value === null) return '-';
  if (metric === 'opsPerSec') return `${formatOpsPerSec(value)} ops/s`;
  if (metric === 'errorRate') return errorRatePercentText(value);
  return `${formatLatencyMs(value)} ms`;
}

/** The change as a signed percentage, "+12.3%", "-4.0%" or "0.0%"; "from 0" from a baseline of 0; "-" without figures. */
export function changePercentText(change: MetricChange): string {
  if (change.direction === null) return '-';
  if (change.changePercent === null) return 'from 0';
  const rounded = Number(change.changePercent.toFixed(1));
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${Math.abs(rounded).toFixed(1)}%`;
}

/** A p-value as tables show it: "0.012", "<0.001"; "-" when no test was possible. */
export function pValueText(pValue: number | null | undefined): string {
  if (pValue === null || pValue === undefined) return '-';
  return pValue < 0.001 ? '<0.001' : pValue.toFixed(3);
}

/** A p-value in a phrase: "p = 0.012", "p < 0.001". */
export function pValuePhrase(pValue: number): string {
  return pValue < 0.001 ? 'p < 0.001' : `p = ${pValue.toFixed(3)}`;
}

/** "p99 latency 12.3% worse than the baseline (1.50 ms -> 1.68 ms)". */
export function describeChange(change: MetricChange): string {
  const name = BASELINE_METRIC_NAMES[change.metric];
  const from = baselineValueText(change.metric, change.baseline);
  const to = baselineValueText(change.metric, change.candidate);
  if (change.direction === null) return `${name}: no figure to compare (${from} -> ${to})`;
  if (change.direction === 'same') return `${name} the same as the baseline (${from} -> ${to})`;
  if (change.changePercent === null)
    return `${name} ${change.direction} than the baseline, which had none (${from} -> ${to})`;
  const percent = Math.abs(change.changePercent).toFixed(1);
  return `${name} ${percent}% ${change.direction} than the baseline (${from} -> ${to})`;
}
