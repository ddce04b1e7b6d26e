// The chart card of one published table, with a log-scale switch.
import { useMemo, useState } from 'react';
import type { ReferenceTable } from '../../../shared/reference.ts';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import { plottedCount, referenceChartOption } from './referenceChart.ts';

/** The table's figures as lines across sizes (bars for categories), marked as published. */
export function ReferenceChart({ table }: { table: ReferenceTable }) {
  const [logScale, setLogScale] = useState(false);
  const option = useMemo(() => referenceChartOption(table, logScale), [table, logScale]);
  return (
    <div className="reference-chart">
      <ChartPanel
        title="Chart"
        option={option}
        points={plottedCount(table)}
        testId="reference-chart"
        label={`${table.table}: ${table.title}, published figures`}
        controls={
          <label className="checkbox">
            <input
              type="checkbox"
              checked={logScale}
              onChange={(e) => setLogScale(e.target.checked)}
            />
            Log scale
          </label>
        }
      />
    </div>
  );
}
