// ECharts option for a run on load agents: each agent's ops/sec per second, one line per agent.
import type { RunSample } from '../../shared/types.ts';
import { formatOpsPerSec } from '../format/numbers.ts';
import { baseOption, LEGEND, midInterval, paletteLines, tooltip, valueAxis } from './chartBase.ts';
import type { NamedSeries, RunTimeline } from './chartBase.ts';
import type { ChartOption } from './echarts.ts';

/** The agents named in `samples`, in the order they first appear (the run's placement order). */
export function agentNames(samples: readonly RunSample[]): string[] {
  const names = new Set<string>();
  for (const s of samples) for (const a of s.agents ?? []) names.add(a.name);
  return [...names];
}

/**
 * Each agent's ops/sec per second; empty for runs on this machine. A second without the agent's
 * figures (it was lost) is a gap, not a zero: a drop to 0 would read as an idle agent.
 */
export function agentSeries(samples: readonly RunSample[]): NamedSeries[] {
  return agentNames(samples).map((name) => ({
    name,
    points: samples.map((s) => {
      const part = s.agents?.find((a) => a.name === name);
      if (part === undefined || part.state === 'lost') return [midInterval(s), null];
      return [midInterval(s), s.intervalMs > 0 ? (part.ops * 1000) / s.intervalMs : 0];
    }),
  }));
}

/** One line per agent in the palette's colours, phases shaded, ops/sec in the tooltip. */
export function agentsOption(timeline: RunTimeline, series: readonly NamedSeries[]): ChartOption {
  return {
    ...baseOption(timeline, 30),
    legend: { ...LEGEND, type: 'scroll', show: series.length > 1 },
    yAxis: { ...valueAxis(false), min: 0 },
    tooltip: tooltip(timeline, (value) => `${formatOpsPerSec(value)} ops/sec`),
    series: paletteLines(timeline, series, false),
  };
}
