// ECharts option for a mix's throughput per operation label, stacked so the top line is the total.
import { figuresOf } from '../../shared/operationLabels.ts';
import type { RunSample } from '../../shared/types.ts';
import { formatOpsPerSec } from '../format/numbers.ts';
import { baseOption, LEGEND, midInterval, paletteLines, tooltip, valueAxis } from './chartBase.ts';
import type { ChartPoint, RunTimeline } from './chartBase.ts';
import type { ChartOption } from './echarts.ts';

/** Ops/sec of one label per second (0 when the second has none of it). */
export function operationPoints(samples: readonly RunSample[], label: string): ChartPoint[] {
  return samples.map((s) => {
    const ops = figuresOf(s.operations, label)?.ops ?? 0;
    return [midInterval(s), s.intervalMs > 0 ? (ops * 1000) / s.intervalMs : 0];
  });
}

/** One stacked area per label, in the mix bar's colours. */
export function operationsOption(
  samples: readonly RunSample[],
  labels: readonly string[],
  timeline: RunTimeline,
): ChartOption {
  return {
    ...baseOption(timeline),
    legend: { ...LEGEND, type: 'scroll', left: 8 },
    yAxis: { ...valueAxis(false), min: 0 },
    tooltip: tooltip(timeline, (value) => `${formatOpsPerSec(value)} ops/sec`),
    series: paletteLines(
      timeline,
      labels.map((label) => ({ name: label, points: operationPoints(samples, label) })),
      true,
    ).map((line) => ({
      ...line,
      stack: 'ops',
      areaStyle: { color: line.itemStyle.color, opacity: 0.22 },
    })),
  };
}
