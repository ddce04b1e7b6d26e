// ECharts options for the client, lab-server and per-op phase charts of a run.
import type { ConnectionPhase, RunSample, WorkerTelemetry } from '../../shared/types.ts';
import { formatLatencyMs } from '../format/numbers.ts';
import {
  baseOption,
  LEGEND,
  lineSeries,
  midInterval,
  paletteLines,
  phaseArea,
  tooltip,
  valueAxis,
} from './chartBase.ts';
import type { ChartPoint, NamedSeries, RunTimeline } from './chartBase.ts';
import type { ChartOption } from './echarts.ts';

/**
 * Per-worker points of one telemetry figure; empty when no sample carries worker telemetry. A figure
 * a reading lacks (`undefined`: recorded before it was measured) is a gap.
 */
export function workerSeries(
  samples: readonly RunSample[],
  value: (w: WorkerTelemetry) => number | undefined,
): NamedSeries[] {
  const ids = [...new Set(samples.flatMap((s) => (s.workers ?? []).map((w) => w.worker)))].sort(
    (a, b) => a - b,
  );
  return ids.map((id) => ({
    name: `worker ${id}`,
    points: samples.map((s) => {
      const w = s.workers?.find((x) => x.worker === id);
      return [midInterval(s), (w ? value(w) : undefined) ?? null];
    }),
  }));
}

/** Lab server CPU % and RSS MB per second; null when no sample carries server telemetry. */
export function serverSeries(
  samples: readonly RunSample[],
): { cpu: ChartPoint[]; rss: ChartPoint[] } | null {
  if (!samples.some((s) => s.server)) return null;
  return {
    cpu: samples.map((s) => [midInterval(s), s.server?.cpuPercent ?? null]),
    rss: samples.map((s) => [midInterval(s), s.server?.rssMb ?? null]),
  };
}

/** Phases in the order an op goes through them. */
export const PHASE_ORDER: ConnectionPhase[] = ['connect', 'startTls', 'bind', 'op', 'unbind'];

const PHASE_LABELS: Record<ConnectionPhase, string> = {
  connect: 'connect',
  startTls: 'StartTLS',
  bind: 'bind',
  op: 'op',
  unbind: 'unbind',
};

/** Per-second latency in ms of each connection phase at one percentile (never aggregated across seconds). */
export function phaseSeries(
  samples: readonly RunSample[],
  percentile: 'p50' | 'p99',
): NamedSeries[] {
  const present = PHASE_ORDER.filter((phase) =>
    samples.some((s) => s.phaseLatencyUs?.[phase] !== undefined),
  );
  return present.map((phase) => ({
    name: PHASE_LABELS[phase],
    points: samples.map((s) => {
      const us = s.phaseLatencyUs?.[phase]?.[percentile];
      return [midInterval(s), us === undefined ? null : us / 1000];
    }),
  }));
}

function multiLine(
  timeline: RunTimeline,
  series: NamedSeries[],
  format: (value: number) => string,
  axis: { max?: number; name?: string; labels?: boolean } = {},
): ChartOption {
  return {
    ...baseOption(timeline, 30),
    legend: { ...LEGEND, show: series.length > 1 && series.length <= 8, type: 'plain' },
    yAxis: { ...valueAxis(false, axis.name), min: 0, ...(axis.max ? { max: axis.max } : {}) },
    tooltip: tooltip(timeline, (value) => format(value)),
    series: paletteLines(timeline, series, axis.labels ?? false),
  };
}

/** Client CPU % per worker (100 = one core). */
export function workerCpuOption(timeline: RunTimeline, series: NamedSeries[]): ChartOption {
  return multiLine(timeline, series, (v) => `${v.toFixed(0)}%`);
}

/** Event-loop utilisation per worker, in percent (0-100). */
export function workerEluOption(timeline: RunTimeline, series: NamedSeries[]): ChartOption {
  return multiLine(timeline, series, (v) => `${v.toFixed(0)}%`, { max: 100 });
}

/** GC pause per worker, ms in each second (100 = a tenth of it, where a run counts as client-bound). */
export function workerGcOption(timeline: RunTimeline, series: NamedSeries[]): ChartOption {
  return multiLine(timeline, series, (v) => `${v.toFixed(1)} ms`);
}

/** Per-op phase latency at one percentile, one line per phase. */
export function phaseLatencyOption(timeline: RunTimeline, series: NamedSeries[]): ChartOption {
  return multiLine(timeline, series, (v) => `${formatLatencyMs(v * 1000)} ms`, { labels: true });
}

/** Lab server CPU % (left axis) and RSS MB (right axis). */
export function serverOption(
  timeline: RunTimeline,
  data: { cpu: ChartPoint[]; rss: ChartPoint[] },
): ChartOption {
  return {
    ...baseOption(timeline, 30),
    legend: LEGEND,
    yAxis: [
      { ...valueAxis(false), min: 0 },
      { ...valueAxis(false), min: 0, alignTicks: true, splitLine: { show: false } },
    ],
    tooltip: tooltip(timeline, (value, name) =>
      name === 'RSS' ? `${value.toFixed(0)} MB` : `${value.toFixed(0)}%`,
    ),
    series: [
      { ...lineSeries('CPU %', '#2563eb', data.cpu), markArea: phaseArea(timeline, false) },
      lineSeries('RSS', '#7c3aed', data.rss, { yAxisIndex: 1 }),
    ],
  };
}
