// Tooltips of the compare charts: legends and axes use servers' short names, so the tooltip is where
// the full root DSE vendor and version text stays readable.
import type {
  DefaultLabelFormatterCallbackParams,
  TooltipComponentFormatterCallbackParams,
  TooltipComponentOption,
} from 'echarts';
import { CHART_COLORS } from './palette.ts';

/** Text made safe to place in the tooltip's HTML (vendor strings are whatever a server says). */
export function tooltipText(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** A muted second line under a series name: the server's full name, when it says more. */
export function fullNameLine(shown: string, fullName: string | undefined): string {
  if (!fullName || shown.startsWith(fullName)) return '';
  return `<br/><span style="color:${CHART_COLORS.muted};font-size:11px">${tooltipText(fullName)}</span>`;
}

/** The y of a point as a tooltip shows it: the last value of an [x, y] pair, or the value itself. */
function yOf(param: DefaultLabelFormatterCallbackParams): number | null {
  const value = Array.isArray(param.value) ? param.value[param.value.length - 1] : param.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Which points a tooltip covers, and how it titles them by their x. */
export interface TooltipShape {
  /** 'axis': every series at the hovered x; 'item': the hovered point alone. */
  trigger?: 'axis' | 'item';
  /** Title from the x value ("10K entries", "p99.9"); the axis's own label when absent. */
  titleOf?: (x: number) => string;
}

function xOf(param: DefaultLabelFormatterCallbackParams & { axisValue?: unknown }): number | null {
  const x = Array.isArray(param.value) ? param.value[0] : param.axisValue;
  return typeof x === 'number' ? x : null;
}

/**
 * A tooltip listing each series' value with its server's full name below it; `fullNames` is
 * indexed like the chart's series, `format` words a plotted value (with its unit).
 */
export function fullNameTooltip(
  fullNames: readonly (string | undefined)[],
  format: (value: number) => string,
  shape: TooltipShape = {},
): TooltipComponentOption {
  return {
    trigger: shape.trigger ?? 'axis',
    formatter: (raw: TooltipComponentFormatterCallbackParams) => {
      const params = Array.isArray(raw) ? raw : [raw];
      const head = params[0] as
        (DefaultLabelFormatterCallbackParams & { axisValueLabel?: string }) | undefined;
      const x = head ? xOf(head) : null;
      const title = shape.titleOf && x !== null ? shape.titleOf(x) : (head?.axisValueLabel ?? '');
      const rows = params.map((p) => {
        const y = yOf(p);
        const name = p.seriesName ?? '';
        const line = `${String(p.marker ?? '')}${tooltipText(name)}: <b>${y === null ? '-' : format(y)}</b>`;
        return line + fullNameLine(name, fullNames[p.seriesIndex ?? -1]);
      });
      return [title ? `<b>${tooltipText(title)}</b>` : '', ...rows].filter(Boolean).join('<br/>');
    },
  };
}
