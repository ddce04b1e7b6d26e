// Latency against throughput: one point per run (x its ops/s, y a latency percentile), a colour per
// server, so where a server's throughput stops growing while its latency climbs (its knee) shows.
import type { EChartsOption, ScatterSeriesOption, TooltipComponentOption } from 'echarts';
import type { CompareRun } from '../compare.ts';
import { metricValue, METRIC_TITLES, serverOf } from '../compareSeries.ts';
import type { CompareMetric, SeriesServer } from '../compareSeries.ts';
import { serverShortLabel } from '../compareLabels.ts';
import { chartFrame, plotted, plottedText, serverStyles, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import type { PlottedCounts } from './chartCounts.ts';
import { formatEntries, formatOpsPerSec } from './format.ts';
import { CHART_COLORS } from './palette.ts';
import { varies } from './selectionSpread.ts';
import { fullNameLine, tooltipText } from './tooltip.ts';

/** A figure's short name in the tooltip, beside its value. */
const FIGURE_NAMES: Record<CompareMetric, string> = {
  opsPerSec: 'ops/s',
  p50Us: 'p50',
  p90Us: 'p90',
  p99Us: 'p99',
  p999Us: 'p99.9',
  meanUs: 'mean',
};

/** The latency the scatter plots for the chosen figure: that one, or p99 when ops/s is chosen. */
export function scatterFigure(metric: CompareMetric): CompareMetric {
  return metric === 'opsPerSec' ? 'p99Us' : metric;
}

/** The scatter's title for the chosen figure. */
export function scatterTitle(metric: CompareMetric): string {
  return `${METRIC_TITLES[scatterFigure(metric)]} against ops/s, one point per run`;
}

/** One server's runs that have both figures, drawn as one series. */
interface ServerPoints extends SeriesServer {
  runs: CompareRun[];
}

/** Runs with a throughput and the latency `figure`, by server short name (sorted, as colours are given). */
function pointsByServer(runs: readonly CompareRun[], figure: CompareMetric): ServerPoints[] {
  const groups = new Map<string, CompareRun[]>();
  for (const run of runs) {
    if (metricValue(run, 'opsPerSec') === null || metricValue(run, figure) === null) continue;
    const server = serverShortLabel(run);
    groups.set(server, [...(groups.get(server) ?? []), run]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, members]) => ({ ...serverOf(members), runs: members }));
}

/** Servers (series) and runs (points) the scatter of `runs` draws. */
export function scatterCounts(runs: readonly CompareRun[], metric: CompareMetric): PlottedCounts {
  const servers = pointsByServer(runs, scatterFigure(metric));
  return { series: servers.length, points: servers.reduce((n, s) => n + s.runs.length, 0) };
}

/** True when the report of `runs` draws the scatter: load varies (the knee needs it) and runs have latencies. */
export function scatterInReport(runs: readonly CompareRun[]): boolean {
  return varies(runs, (r) => r.connections) && scatterCounts(runs, 'p99Us').points > 0;
}

/** A muted tooltip line. */
function muted(text: string): string {
  return `<span style="color:${CHART_COLORS.muted}">${tooltipText(text)}</span>`;
}

/** A run's tooltip lines: its id, server (short, then full), test, size, connections and both figures. */
function runLines(run: CompareRun, server: SeriesServer, figure: CompareMetric): string[] {
  const size = run.entries === null ? 'size unknown' : `${formatEntries(run.entries)} entries`;
  const repeat = run.repeat === null ? '' : ` #${run.repeat}`;
  const latency = plotted(figure, metricValue(run, figure)) ?? 0;
  return [
    `<b>run ${tooltipText(run.id)}</b>${muted(repeat)}`,
    `${tooltipText(server.server)}${fullNameLine(server.server, server.serverFullName)}`,
    muted(`${run.workload} · ${size} · ${run.connections} connections`),
    `<b>${formatOpsPerSec(run.opsPerSec ?? 0)}</b> ops/s · ${FIGURE_NAMES[figure]} <b>${plottedText(figure)(latency)}</b>`,
  ];
}

/** The tooltip of the hovered point: its run in words. */
function runTooltip(
  servers: readonly ServerPoints[],
  figure: CompareMetric,
): TooltipComponentOption {
  return {
    trigger: 'item',
    formatter: (raw) => {
      const p = (Array.isArray(raw) ? raw[0] : raw) as { seriesIndex?: number; dataIndex: number };
      const server = servers[p.seriesIndex ?? -1];
      const run = server?.runs[p.dataIndex];
      return server && run ? runLines(run, server, figure).join('<br/>') : '';
    },
  };
}

/** ECharts option of the scatter: x ops/s, y the latency figure (ms), a series per server. */
export function scatterChartOption(
  runs: readonly CompareRun[],
  metric: CompareMetric,
  settings: ChartSettings = {},
): EChartsOption {
  const figure = scatterFigure(metric);
  const servers = pointsByServer(runs, figure);
  const { styles } = serverStyles(settings, servers);
  const series: ScatterSeriesOption[] = servers.map((server, i) => {
    const style = styles[i] as { color: string; symbol: string };
    return {
      type: 'scatter',
      name: server.server,
      symbol: style.symbol,
      symbolSize: 10,
      itemStyle: { color: style.color, opacity: 0.85, borderColor: '#ffffff', borderWidth: 1 },
      emphasis: { scale: 1.4 },
      data: server.runs.map((r) => [r.opsPerSec, plotted(figure, metricValue(r, figure))]),
    };
  });
  return {
    ...chartFrame(
      settings,
      servers.map((s) => s.server),
    ),
    tooltip: runTooltip(servers, figure),
    // Room past the furthest point, so no marker sits on the frame.
    xAxis: styledAxis('x', 'value', 'ops/s', { min: 0, boundaryGap: [0, '5%'] }),
    yAxis: styledAxis('y', 'value', METRIC_TITLES[figure], { min: 0, boundaryGap: [0, '8%'] }),
    series,
  };
}
