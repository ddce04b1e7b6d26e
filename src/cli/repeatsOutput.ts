// Output of `dirbench run --repeats K`: each run, plus mean and 95% confidence interval across them.
import type { RunDetail } from '../shared/types.ts';
import { repeatStats } from '../core/runner/repeatStats.ts';
import { runSummaryJson } from './runSummaryJson.ts';

/** Mean and 95% CI half-width of one figure over the completed runs. */
function across(runs: RunDetail[], pick: (run: RunDetail) => number | undefined) {
  const values = runs.map(pick).filter((v): v is number => v !== undefined);
  const { mean, ci95HalfWidth, n } = repeatStats(values);
  return {
    mean: Math.round(mean * 10) / 10,
    ci95HalfWidth: Math.round(ci95HalfWidth * 10) / 10,
    n,
  };
}

function completed(runs: RunDetail[]): RunDetail[] {
  return runs.filter((r) => r.status === 'completed' && r.summary !== null);
}

/** The `--json` object for repeated runs. */
export function repeatsJson(runs: RunDetail[], repeats: number, dbFile: string) {
  const done = completed(runs);
  return {
    repeats,
    completed: done.length,
    status: done.length === repeats ? 'completed' : 'failed',
    runIds: runs.map((r) => r.id),
    opsPerSec: across(done, (r) => r.summary?.opsPerSec),
    p99Us: across(done, (r) => r.summary?.latencyUs.p99),
    meanLatencyUs: across(done, (r) => r.summary?.latencyUs.mean),
    runs: runs.map((r) => runSummaryJson(r, dbFile)),
  };
}

/** The text block printed after the individual runs. */
export function repeatsText(runs: RunDetail[], repeats: number): string {
  const done = completed(runs);
  if (done.length < 2)
    return `Repeats: ${done.length} of ${repeats} completed; too few for a confidence interval\n`;
  const ops = across(done, (r) => r.summary?.opsPerSec);
  const p99 = across(done, (r) => r.summary?.latencyUs.p99);
  return (
    `Repeats: ${done.length} of ${repeats} completed\n` +
    `  ops/s ${ops.mean.toFixed(1)} ± ${ops.ci95HalfWidth.toFixed(1)} (95% CI)\n` +
    `  p99 ${(p99.mean / 1000).toFixed(2)} ± ${(p99.ci95HalfWidth / 1000).toFixed(2)} ms (95% CI of the per-run p99)\n`
  );
}
