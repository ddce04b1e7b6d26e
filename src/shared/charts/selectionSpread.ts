// What varies across compared runs: the facts the chart-kind rows and the first-chart rule decide on.
import type { CompareRun } from '../compare.ts';
import { serverShortLabel } from '../compareLabels.ts';

/** True when `runs` take more than one value of `key` (sizes, connections...). */
export function varies(runs: readonly CompareRun[], key: (run: CompareRun) => unknown): boolean {
  return new Set(runs.map(key)).size > 1;
}

/** True when `runs` measured several servers: they read best side by side as grouped bars. */
export function spansServers(runs: readonly CompareRun[]): boolean {
  return varies(runs, serverShortLabel);
}
