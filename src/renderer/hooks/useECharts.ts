// Our own ECharts binding: init once, setOption on change, resize with the container, dispose on unmount.
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { echarts } from '../charts/echarts.ts';
import type { ChartOption } from '../charts/echarts.ts';

/** Tests run with animation off so charts are drawn the moment the data arrives. */
const animate = !navigator.webdriver;

/** Renders `option` into the returned container ref; updates merge (drawn at once) so live charts do not flicker. */
export function useECharts(option: ChartOption): RefObject<HTMLDivElement | null> {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = echarts.init(container, null, { renderer: 'canvas' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.setOption({ animation: animate, ...option });
  }, [option]);

  return containerRef;
}
