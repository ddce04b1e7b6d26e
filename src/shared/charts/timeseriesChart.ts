// Overlaid time series: each run's per-second figure, warm-up shaded, time to full speed marked.
import type { EChartsOption, LineSeriesOption } from 'echarts';
import type { RunTimeSeries, SecondMetric } from '../compareSeries.ts';
import { chartFrame, measuredLine, plottedText, serverStyles, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { categorySlotPx } from './categoryLabels.ts';
import { CHART_COLORS } from './palette.ts';
import { dejaVuSansWidthPx } from './textWidth.ts';
import { fullNameTooltip } from './tooltip.ts';

const Y_TITLES: Record<SecondMetric, string> = {
  opsPerSec: 'ops/s',
  p50Us: 'p50 latency (ms)',
  p99Us: 'p99 latency (ms)',
};

function fullSpeedText(run: RunTimeSeries): string {
  return `full speed ${run.timeToFullSpeedS} s`;
}

/**
 * Runs whose full-speed line gets its words: from the earliest on, each label that keeps clear of
 * the last one kept (runs reaching full speed at the same second share one label).
 */
function labelledFullSpeed(runs: readonly RunTimeSeries[], plotWidthPx: number): Set<string> {
  const spanS = Math.max(1, ...runs.flatMap((r) => r.points.map(([second]) => second + 1)));
  const pxPerS = plotWidthPx / spanS;
  const labelled = new Set<string>();
  let lastRightPx = -Infinity;
  const marked = runs.filter((r) => r.timeToFullSpeedS !== null);
  for (const run of [...marked].sort(
    (a, b) => (a.timeToFullSpeedS ?? 0) - (b.timeToFullSpeedS ?? 0),
  )) {
    const halfPx = dejaVuSansWidthPx(fullSpeedText(run), '10px') / 2 + 3;
    const centerPx = (run.timeToFullSpeedS ?? 0) * pxPerS;
    if (centerPx - halfPx < lastRightPx) continue;
    labelled.add(run.runId);
    lastRightPx = centerPx + halfPx;
  }
  return labelled;
}

function withMarks(
  line: LineSeriesOption,
  run: RunTimeSeries,
  shadeWarmup: boolean,
  labelFullSpeed: boolean,
) {
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
            label: { show: labelFullSpeed, formatter: fullSpeedText(run), color, fontSize: 10 },
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
  const { styles } = serverStyles(settings, runs);
  const labelled = labelledFullSpeed(runs, categorySlotPx(settings.widthPx ?? 900, 1));
  return {
    ...chartFrame(
      settings,
      runs.map((r) => r.name),
    ),
    tooltip: fullNameTooltip(
      runs.map((r) => r.serverFullName),
      plottedText(metric === 'opsPerSec' ? 'opsPerSec' : 'ms'),
      { titleOf: (x) => `second ${Math.floor(x)}` },
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
          styles[i] as { color: string; symbol: string },
          run.points.map(([second, value]) => [second + 0.5, toPlot(value)]),
        ),
        run,
        sameWarmup && i === 0,
        labelled.has(run.runId),
      ),
    ),
  };
}
