// A run's HdrHistogram interval log (.hlog): the per-second latency histograms as HistogramLogWriter
// writes them, so HdrHistogram's own tools (HistogramLogProcessor, HdrHistogramVisualizer) read them.
import { invalid } from '../../shared/errors.ts';
import { decodeHistogram } from '../loadgen/histogram.ts';
import { dirbenchVersion } from '../base/version.ts';
import type { SelectedRun } from './compareRuns.ts';

/** Interval_Max is written in milliseconds: the histograms count microseconds. */
const MAX_VALUE_UNIT_RATIO = 1000;

function seconds3(value: number): string {
  return value.toFixed(3);
}

/**
 * The interval log of one run. Measured seconds are untagged; warm-up and cool-down seconds carry
 * `Tag=warmup` / `Tag=cooldown`, so tools reading untagged intervals see the measured phase only.
 * Timestamps are seconds since load started, offset by BaseTime (the run's start).
 */
export function runHlog(run: SelectedRun): string {
  const startMs = Date.parse(run.row.started_at);
  const lines = [
    `#[Logged with DirBench ${dirbenchVersion()}: run ${run.row.id}, ${run.row.workload} on ${run.row.target_name}]`,
    '#[Latency values are in microseconds; Interval_Max is in milliseconds]',
    '#[Histogram log format version 1.3]',
    `#[StartTime: ${seconds3(startMs / 1000)} (seconds since epoch), ${new Date(startMs).toUTCString()}]`,
    `#[BaseTime: ${seconds3(startMs / 1000)} (seconds since epoch)]`,
    '"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"',
  ];
  for (const sample of run.samples) {
    if (!sample.histogram || sample.histogram.length === 0) continue;
    // Stored blobs are already HdrHistogram's compressed encoding (V2, DEFLATE), as the log wants it.
    const base64 = sample.histogram.toString('base64');
    const maxUs = decodeHistogram(base64).maxValue;
    const tag = sample.phase === 'measured' ? '' : `Tag=${sample.phase},`;
    lines.push(
      `${tag}${seconds3(sample.second)},${seconds3(sample.interval_ms / 1000)},` +
        `${seconds3(maxUs / MAX_VALUE_UNIT_RATIO)},${base64}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The one run an interval log is made of, or a validation error naming the selection. */
export function singleRun(runs: readonly SelectedRun[], field: string): SelectedRun {
  if (runs.length !== 1)
    throw invalid(
      field,
      `an HdrHistogram log holds one run; the selection has ${runs.length} - pick one run`,
    );
  return runs[0] as SelectedRun;
}
