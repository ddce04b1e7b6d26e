// The chart a comparison opens on: servers side by side when it spans several, else the chart that
// says most about what varies.
import type { CompareRun } from '../../../shared/compare.ts';
import { serverShortLabel } from '../../../shared/compareLabels.ts';
import type { ChartKind } from '../../../shared/exchange.ts';
import { defaultChart } from './compareChoices.ts';

/** Grouped bars (a bar per server in each size or test) across several servers; `defaultChart` otherwise. */
export function initialChart(runs: readonly CompareRun[]): ChartKind {
  return new Set(runs.map(serverShortLabel)).size > 1 ? 'grouped' : defaultChart(runs);
}
