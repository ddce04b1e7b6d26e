// `dirbench runs show` for imported runs: the tool's own figures, never percentiles it did not print.
import type { ImportedFigures, RunDetail } from '../../shared/types.ts';
import { ms, printTable } from '../options.ts';

/** "p99.9 (cumulative) 12.1 ms" for each percentile the tool printed. */
function percentilesText(figures: ImportedFigures | undefined): string {
  const entries = Object.entries(figures?.percentilesUs ?? {});
  if (entries.length === 0) return 'no percentiles (the tool printed none)';
  const scope = figures?.percentileScope === 'cumulative' ? ' over the measured phase' : '';
  return entries.map(([p, us]) => `p${p} ${ms(us)}`).join(', ') + scope;
}

/** Prints an imported run: where it came from, its summary and its intervals. */
export function printImportedRun(run: RunDetail): void {
  const s = run.summary;
  const tool = s?.imported?.tool ?? run.samples[0]?.imported?.tool ?? run.source ?? 'another tool';
  process.stdout.write(
    `Run ${run.id}: ${run.status}, imported (${tool})\n` +
      (run.endReason ? `Import: ${run.endReason}\n` : '') +
      `Target: ${run.config.targetName}; connections, base, filter and client are not in the file\n` +
      (s
        ? `Summary: ${s.opsPerSec.toFixed(1)} ops/s, ${s.errors} errors over ${s.measuredS} s, mean latency ${ms(s.latencyUs.mean)} ms; ${percentilesText(s.imported)}\n`
        : 'Summary: none (the file has no measured intervals)\n'),
  );
  const keys = Object.keys(run.samples[0]?.imported?.percentilesUs ?? {});
  const cumulative = run.samples[0]?.imported?.percentileScope === 'cumulative';
  printTable(
    [
      'SECOND',
      'PHASE',
      'INTERVAL MS',
      'OPS',
      'ERRORS',
      'MEAN MS',
      ...keys.map((k) => `P${k} MS${cumulative ? ' (CUM.)' : ''}`),
    ],
    run.samples.map((x) => [
      x.second,
      x.phase,
      x.intervalMs,
      x.ops,
      x.errors,
      ms(x.latencyUs.mean),
      ...keys.map((k) => ms(x.imported?.percentilesUs[k])),
    ]),
  );
}
