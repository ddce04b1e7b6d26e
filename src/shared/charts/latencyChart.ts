// Latency distributions: percentile curves with a "nines" x axis (50, 90, 99, 99.9 ...) and log latency.
import type { EChartsOption } from 'echarts';
import type { LatencyCurve } from '../compareSeries.ts';
import { chartFrame, measuredLine, plottedText, serverStyles, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { CHART_COLORS } from './palette.ts';
import { fullNameTooltip } from './tooltip.ts';

/** Position of a percentile on the x axis: its number of nines, -log10(1 - p/100). */
export function ninesOf(percentile: number): number {
  return percentile >= 100 ? Infinity : -Math.log10(1 - percentile / 100);
}

/** The percentile at a position of the x axis (inverse of `ninesOf`). */
export function percentileAt(nines: number): number {
  return 100 * (1 - 10 ** -nines);
}

/** Percentiles labelled on the x axis. */
export const LABELLED_PERCENTILES = [50, 90, 99, 99.9, 99.99, 99.999];

function percentileText(nines: number): string {
  return String(Number(percentileAt(nines).toFixed(3)));
}

/** ECharts option of the latency percentile curves (y: milliseconds, log). */
export function latencyChartOption(
  curves: readonly LatencyCurve[],
  settings: ChartSettings = {},
): EChartsOption {
  const ticks = LABELLED_PERCENTILES.map(ninesOf);
  const { styles } = serverStyles(settings, curves);
  return {
    ...chartFrame(
      settings,
      curves.map((c) => c.name),
    ),
    tooltip: fullNameTooltip(
      curves.map((c) => c.serverFullName),
      plottedText('ms'),
      { trigger: 'item', titleOf: (x) => `p${percentileText(x)}` },
    ),
    xAxis: styledAxis('x', 'value', 'percentile', {
      min: 0,
      max: ninesOf(99.999),
      axisLabel: {
        color: CHART_COLORS.axis,
        customValues: ticks,
        formatter: (value: number) => percentileText(value),
      },
      axisTick: { customValues: ticks },
      splitLine: { show: false },
    }),
    yAxis: styledAxis('y', 'log', 'latency (ms)', { logBase: 10 }),
    series: curves.map((curve, i) => ({
      ...measuredLine(
        curve.name,
        styles[i] as { color: string; symbol: string },
        curve.points
          .filter((p) => p.percentile < 100 && p.latencyUs > 0)
          .map((p) => [ninesOf(p.percentile), p.latencyUs / 1000]),
      ),
      showSymbol: false,
    })),
  };
}
