// A card holding one chart, with the test attributes every chart carries.
import type { ReactNode } from 'react';
import { useECharts } from '../hooks/useECharts.ts';
import type { ChartOption } from './echarts.ts';

/** Titled chart card; `points` is the count of non-zero values in the main series. */
export function ChartPanel({
  title,
  option,
  points,
  testId,
  label,
  controls,
}: {
  title: string;
  option: ChartOption;
  points: number;
  testId: string;
  label: string;
  controls?: ReactNode;
}) {
  const ref = useECharts(option);
  return (
    <section className="card chart-card">
      <header className="chart-header">
        <h3>{title}</h3>
        {controls}
      </header>
      <div
        ref={ref}
        className="chart"
        data-testid={testId}
        data-points={points}
        role="img"
        aria-label={label}
      />
    </section>
  );
}
