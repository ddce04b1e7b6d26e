// Our own ECharts binding: init once per theme, setOption on change, resize with the container,
// dispose on unmount. In dark mode the chart uses the dark variant of the project's chart palette (theme and option colours).
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { DARK_CHART_THEME, echarts } from '../charts/echarts.ts';
import type { ChartOption } from '../charts/echarts.ts';
import { darkChartOption } from '../theme/darkChartOption.ts';
import { useResolvedTheme } from '../theme/themeStore.ts';

/** Tests run with animation off so charts are drawn the moment the data arrives. */
const animate = !navigator.webdriver;

/** Renders `option` into the returned container ref; updates merge (drawn at once) so live charts do not flicker. */
export function useECharts(option: ChartOption): RefObject<HTMLDivElement | null> {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const theme = useResolvedTheme();

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
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
  }, [theme]);

  useEffect(() => {
    const themed = theme === 'dark' ? darkChartOption(option) : option;
    chartRef.current?.setOption({ animation: animate, ...themed });
  }, [option, theme]);

  return containerRef;
}
