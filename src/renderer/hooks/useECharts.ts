// Our own ECharts binding: init once per theme, setOption on change, resize with the container,
// dispose on unmount. In dark mode the chart uses the dark variant of the project's chart palette (theme and option colours).
// ECharts itself is fetched on first use (charts/chartLibrary.ts): the container keeps its size meanwhile.
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { ECharts } from 'echarts/core';
import { useChartLibrary } from '../charts/chartLibrary.ts';
import type { ChartOption } from '../charts/echarts.ts';
import { darkChartOption } from '../theme/darkChartOption.ts';
import { useResolvedTheme } from '../theme/themeStore.ts';

/** Tests run with animation off so charts are drawn the moment the data arrives. */
const animate = !navigator.webdriver;

/** A chart's container ref, and why the chart cannot be drawn when ECharts could not be fetched. */
export interface EChartsBinding {
  ref: RefObject<HTMLDivElement | null>;
  loadError: string | null;
}

/** Renders `option` into the returned container ref; updates merge (drawn at once) so live charts do not flicker. */
export function useECharts(option: ChartOption): EChartsBinding {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const chartRef = useRef<ECharts | null>(null);
  const theme = useResolvedTheme();
  const { library, error } = useChartLibrary();

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !library) return;
    const { echarts, DARK_CHART_THEME } = library;
    // A theme is fixed at init, so switching schemes draws a new chart (the option effect refills it).
    const chart = echarts.init(container, theme === 'dark' ? DARK_CHART_THEME : null, {
      renderer: 'canvas',
    });
    container.dataset['chartTheme'] = theme;
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [theme, library]);

  useEffect(() => {
    const themed = theme === 'dark' ? darkChartOption(option) : option;
    chartRef.current?.setOption({ animation: animate, ...themed });
  }, [option, theme, library]);

  return { ref: containerRef, loadError: error };
}
