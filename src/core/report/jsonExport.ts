// JSON export: each run with its configuration, environment, summary and seconds (no passwords).
import type { RunSample } from '../../shared/types.ts';
import { dirbenchVersion } from '../base/version.ts';
import type { CompareSampleRow } from '../store/compareQueries.ts';
import type { SelectedRun } from './compareRuns.ts';
import { parseColumn } from './compareRuns.ts';
import { withoutPasswords } from './redact.ts';

function sampleOf(s: CompareSampleRow): RunSample {
  return {
    second: s.second,
    phase: s.phase as RunSample['phase'],
    intervalMs: s.interval_ms,
    ops: s.ops,
    errors: s.errors,
    errorsByCode: parseColumn<Record<string, number>>(s.errors_json) ?? {},
    entries: s.entries,
    latencyUs: {
      p50: s.p50_us,
      p90: s.p90_us,
      p99: s.p99_us,
      p999: s.p999_us,
      max: s.max_us,
      mean: s.mean_us,
    },
    ...(parseColumn<Partial<RunSample>>(s.detail_json) ?? {}),
  };
}

/** The document `dirbench export --format json` writes. */
export function runsJson(runs: readonly SelectedRun[], exportedAt: string): string {
  const document = {
    exportedBy: `DirBench ${dirbenchVersion()}`,
    exportedAt,
    runs: runs.map(({ row, samples, compare }) =>
      withoutPasswords({
        id: row.id,
        source: row.source,
        status: row.status,
        endReason: row.end_reason,
        startedAt: row.started_at,
        endedAt: row.ended_at,
        campaignId: row.campaign_id,
        cellIndex: row.cell_index,
        repeat: compare.repeat,
        serverVendor: compare.serverVendor,
        serverVersion: compare.serverVersion,
        config: parseColumn<unknown>(row.config_json),
        environment: parseColumn<unknown>(row.environment_json),
        summary: parseColumn<unknown>(row.summary_json),
        timeToFullSpeedS: compare.timeToFullSpeedS,
        percentiles: compare.percentiles,
        samples: samples.map(sampleOf),
      }),
    ),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
