// A card holding one chart, with the test attributes every chart carries.
import type { ReactNode } from 'react';
import { useECharts } from '../hooks/useECharts.ts';
import type { ChartOption } from './echarts.ts';

/** Titled chart card; `points` is the count of non-zero values in the main series, `counts` adds `data-<name>` counts. */
export function ChartPanel({
  title,
  option,
  points,
  testId,
  label,
  controls,
  counts,
  compact,
}: {
  title: ReactNode;
  option: ChartOption;
  points: number;
  testId: string;
  label: string;
  controls?: ReactNode;
  counts?: Record<string, number>;
  compact?: boolean;
}) {
  const ref = useECharts(option);
  const data = Object.fromEntries(
    Object.entries(counts ?? {}).map(([name, count]) => [`data-${name}`, count]),
  );
  return (
    <section className="card chart-card">
      <header className="chart-header">
        <h3>{title}</h3>
        {controls}
      </header>
      <div
        ref={ref}
        className={compact ? 'chart chart-compact' : 'chart'}
        data-testid={testId}
        data-points={points}
        {...data}
        role="img"
        aria-label={label}
      />
    </section>
  );
}
