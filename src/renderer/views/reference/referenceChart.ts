// The chart of a published table: lines across sizes, or bars when the columns are categories or one size.
import { CHART_COLORS, CHART_FONT_FAMILY, seriesColor } from '../../../shared/charts/palette.ts';
import type { ReferenceTable } from '../../../shared/reference.ts';
import type { ChartOption } from '../../charts/echarts.ts';
import { cellText, formatValue, gridColumns } from './referenceLayout.ts';

/** The words every reference chart carries, on screen and in exported images. */
export const PUBLISHED_NOTICE = 'Published figures, measured on other hardware';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** Tick steps for time axes, so load times read as whole minutes or hours. */
const TIME_STEPS_S = [1, 5, 10, 30, 60, 300, 600, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/** A time step giving at most eight ticks up to `maxS`. */
export function timeStep(maxS: number): number {
  return TIME_STEPS_S.find((step) => maxS / step <= 8) ?? 86400;
}

/** Figures the chart plots (cells with a value). */
export function plottedCount(table: ReferenceTable): number {
  return table.series.reduce((n, s) => n + s.points.filter((p) => p.value !== null).length, 0);
}

/** Whether the table draws as bars: categorical columns or a single x, where lines say nothing. */
export function drawsAsBars(table: ReferenceTable): boolean {
  return table.columns !== undefined || gridColumns(table).length < 2;
}

/** ECharts option of one table; `logScale` spreads figures that differ by orders of magnitude. */
export function referenceChartOption(
  table: ReferenceTable,
  logScale: boolean,
  animation = true,
): ChartOption {
  const columns = gridColumns(table);
  const bars = drawsAsBars(table);
  const cells = table.series.map((s) => columns.map((c) => s.points.find((p) => p.x === c.x)));
  const axisText = { color: CHART_COLORS.axis, hideOverlap: true };
  const maxValue = Math.max(0, ...cells.flat().map((p) => p?.value ?? 0));
  const timeTicks = table.unit === 's' && !logScale ? { interval: timeStep(maxValue) } : {};
  const shortStudy = table.study.split(':')[0] ?? table.study;
  return {
    animation,
    textStyle: { fontFamily: CHART_FONT_FAMILY },
    title: {
      text: `${shortStudy} ${table.table}: ${table.title}`,
      subtext: PUBLISHED_NOTICE,
      left: 8,
      top: 0,
      textStyle: { color: CHART_COLORS.title, fontSize: 13, fontWeight: 600 },
      subtextStyle: { color: '#92400e', fontSize: 11 },
    },
    legend: {
      bottom: 0,
      left: 8,
      right: 8,
      itemWidth: 14,
      itemHeight: 8,
      textStyle: { color: CHART_COLORS.legendText },
    },
    grid: { left: 12, right: 24, top: 64, bottom: 44 + 20 * Math.ceil(table.series.length / 2) },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const p = Array.isArray(params) ? params[0] : params;
        const point = cells[p?.seriesIndex ?? 0]?.[p?.dataIndex ?? 0];
        const heading = columns[p?.dataIndex ?? 0]?.heading ?? '';
        const lines = [
          `${String(p?.marker ?? '')} ${escapeHtml(p?.seriesName ?? '')}`,
          `${escapeHtml(heading)}: <b>${escapeHtml(cellText(table, point))}</b>`,
        ];
        if (point?.note !== undefined) lines.push(`<i>${escapeHtml(point.note)}</i>`);
        return `<div style="max-width:360px;white-space:normal">${lines.join('<br/>')}</div>`;
      },
    },
    xAxis: {
      type: 'category',
      data: columns.map((c) => c.heading),
      name: table.xLabel,
      nameLocation: 'middle',
      nameGap: 26,
      nameTextStyle: { color: CHART_COLORS.muted, fontSize: 11 },
      axisLabel: { ...axisText, interval: 0 },
      axisLine: { lineStyle: { color: CHART_COLORS.axisLine } },
    },
    yAxis: {
      type: logScale ? 'log' : 'value',
      name: table.unit === 's' ? 'time' : table.unit,
      nameTextStyle: { color: CHART_COLORS.muted, fontSize: 11 },
      axisLabel: { ...axisText, formatter: (value: number) => formatValue(table, value) },
      splitLine: { lineStyle: { color: CHART_COLORS.grid } },
      ...timeTicks,
    },
    series: table.series.map((s, i) => {
      const color = seriesColor(i);
      const data = cells[i]?.map((p) => p?.value ?? null) ?? [];
      return bars
        ? { type: 'bar' as const, name: s.name, data, itemStyle: { color } }
        : {
            type: 'line' as const,
            name: s.name,
            data,
            connectNulls: false,
            symbol: 'emptyCircle',
            symbolSize: 6,
            lineStyle: { color, width: 1.5, type: 'dashed' as const },
            itemStyle: { color },
          };
    }),
  };
}
