// Overlaid time series: each run's per-second figure, warm-up shaded, time to full speed marked.
import type { EChartsOption, LineSeriesOption } from 'echarts';
import type { RunTimeSeries, SecondMetric } from '../compareSeries.ts';
import { chartFrame, measuredLine, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { CHART_COLORS } from './palette.ts';

const Y_TITLES: Record<SecondMetric, string> = {
  opsPerSec: 'ops/s',
  p50Us: 'p50 latency (ms)',
  p99Us: 'p99 latency (ms)',
};

function withMarks(line: LineSeriesOption, run: RunTimeSeries, shadeWarmup: boolean) {
  const color = (line.lineStyle as { color: string }).color;
  return {
    ...line,
    showSymbol: run.points.length < 2,
    ...(run.timeToFullSpeedS !== null
      ? {
          markLine: {
            silent: true,
            symbol: 'none',
            lineStyle: { type: 'dashed' as const, color, width: 1 },
            label: { formatter: `full speed ${run.timeToFullSpeedS} s`, color, fontSize: 10 },
            data: [{ xAxis: run.timeToFullSpeedS }],
          },
        }
      : {}),
    ...(shadeWarmup && run.warmupS > 0
      ? {
          markArea: {
            silent: true,
            itemStyle: { color: CHART_COLORS.shading },
            label: { position: 'insideTopLeft' as const, color: CHART_COLORS.muted, fontSize: 11 },
            data: [[{ name: 'warm-up', xAxis: 0 }, { xAxis: run.warmupS }]],
          },
        }
      : {}),
  } satisfies LineSeriesOption;
}

/** ECharts option of overlaid time series (x: seconds since load started). */
export function timeseriesChartOption(
  runs: readonly RunTimeSeries[],
  metric: SecondMetric,
  settings: ChartSettings = {},
): EChartsOption {
  const toPlot = (value: number | null) =>
    value === null ? null : metric === 'opsPerSec' ? value : value / 1000;
  // Warm-up is shaded once, when every run had the same.
  const sameWarmup = new Set(runs.map((r) => r.warmupS)).size === 1;
  return {
    ...chartFrame(
      settings,
      runs.map((r) => r.name),
    ),
    xAxis: styledAxis('x', 'value', 'seconds', {
      min: 0,
      minInterval: 1,
      splitLine: { show: false },
    }),
    yAxis: styledAxis('y', 'value', Y_TITLES[metric], { min: 0 }),
    series: runs.map((run, i) =>
      withMarks(
        measuredLine(
          run.name,
          i,
          run.points.map(([second, value]) => [second + 0.5, toPlot(value)]),
        ),
        run,
        sameWarmup && i === 0,
      ),
    ),
  };
}
