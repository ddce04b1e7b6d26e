// ECharts options for a run's throughput and latency charts, live or from stored samples.
import type { RunConfig, RunSample } from '../../shared/types.ts';
import { formatLatencyMs, formatOpsPerSec } from '../format/numbers.ts';
import { scheduledRateAt } from '../format/runConfig.ts';
import {
  baseOption,
  COLORS,
  LEGEND,
  lineSeries,
  midInterval,
  phaseArea,
  tooltip,
  valueAxis,
} from './chartBase.ts';
import type { ChartPoint, RunTimeline } from './chartBase.ts';
import type { ChartOption } from './echarts.ts';

export { countNonZero } from './chartBase.ts';
export type { ChartPoint, RunTimeline } from './chartBase.ts';

/** Operations per second of a sample, scaled when the interval was shorter than a second. */
export function sampleOpsPerSec(sample: RunSample): number {
  return sample.intervalMs > 0 ? (sample.ops * 1000) / sample.intervalMs : 0;
}

/** Throughput points, one per second. */
export function opsPoints(samples: readonly RunSample[]): ChartPoint[] {
  return samples.map((s) => [midInterval(s), sampleOpsPerSec(s)]);
}

/** Open model: the rate the schedule called for each second (from the samples, else the config); null when closed. */
export function targetPoints(
  samples: readonly RunSample[],
  config: Pick<RunConfig, 'loadModel' | 'targetOpsPerSec' | 'rateProfile'>,
): ChartPoint[] | null {
  const hasScheduled = samples.some((s) => s.scheduledOps !== undefined);
  if (!hasScheduled && config.loadModel !== 'open') return null;
  return samples.map((s) => {
    const x = midInterval(s);
    if (s.scheduledOps !== undefined && s.intervalMs > 0)
      return [x, (s.scheduledOps * 1000) / s.intervalMs];
    return [x, scheduledRateAt(config as RunConfig, x)];
  });
}

/** Latency points in milliseconds for one percentile; nulls on a log axis where nothing completed. */
export function latencyPoints(
  samples: readonly RunSample[],
  percentile: 'p50' | 'p99',
  logScale: boolean,
): ChartPoint[] {
  return samples.map((s) => {
    const ms = s.latencyUs[percentile] / 1000;
    return [midInterval(s), logScale && ms <= 0 ? null : ms];
  });
}

/** Open model: p99 measured from each op's intended start; null when no sample carries it. */
export function intendedPoints(
  samples: readonly RunSample[],
  logScale: boolean,
): ChartPoint[] | null {
  if (!samples.some((s) => s.intendedLatencyUs !== undefined)) return null;
  return samples.map((s) => {
    const us = s.intendedLatencyUs?.p99;
    if (us === undefined) return [midInterval(s), null];
    return [midInterval(s), logScale && us <= 0 ? null : us / 1000];
  });
}

/** Throughput chart: ops/sec per second, the target rate dashed (open model), phases shaded. */
export function throughputOption(
  samples: readonly RunSample[],
  timeline: RunTimeline,
  target: ChartPoint[] | null = null,
  color: string = COLORS.ops,
): ChartOption {
  const achieved = {
    ...lineSeries(target ? 'achieved' : 'ops/sec', color, opsPoints(samples)),
    areaStyle: { color: translucent(color, 0.08) },
    markArea: phaseArea(timeline),
  };
  return {
    ...baseOption(timeline),
    ...(target ? { legend: LEGEND } : {}),
    yAxis: valueAxis(false),
    tooltip: tooltip(timeline, (value) => `${formatOpsPerSec(value)} ops/sec`),
    series: target
      ? [achieved, lineSeries('target rate', COLORS.target, target, { dashed: true, width: 1.5 })]
      : [achieved],
  };
}

/** `#rrggbb` as rgba with `alpha` (the area under a line); other colour syntax as it is. */
export function translucent(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match) return color;
  const value = parseInt(match[1] as string, 16);
  return `rgba(${value >> 16}, ${(value >> 8) & 0xff}, ${value & 0xff}, ${alpha})`;
}

/** Latency chart: p50 and p99 in ms per second; in the open model also p99 from the intended start. */
export function latencyOption(
  samples: readonly RunSample[],
  timeline: RunTimeline,
  logScale: boolean,
  intended: ChartPoint[] | null = null,
): ChartOption {
  const suffix = intended ? ' from send' : '';
  const p99 = {
    ...lineSeries(`p99${suffix}`, COLORS.p99, latencyPoints(samples, 'p99', logScale)),
    markArea: phaseArea(timeline),
  };
  const p50 = lineSeries(`p50${suffix}`, COLORS.p50, latencyPoints(samples, 'p50', logScale));
  return {
    ...baseOption(timeline),
    legend: LEGEND,
    yAxis: valueAxis(logScale),
    tooltip: tooltip(timeline, (value) => `${formatLatencyMs(value * 1000)} ms`),
    series: intended
      ? [lineSeries('p99 from intended start', COLORS.intended, intended), p99, p50]
      : [p99, p50],
  };
}
