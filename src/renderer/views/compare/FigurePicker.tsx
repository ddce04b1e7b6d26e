// The compare panel's Figure picker: the figures the chart on screen can plot.
import type { ChartKindRow } from '../../../shared/charts/chartKinds.ts';
import { COMPARE_METRICS, METRIC_TITLES } from '../../../shared/compareSeries.ts';
import type { CompareMetric } from '../../../shared/compareSeries.ts';

/** A select of the figures `row`'s chart plots, showing the one it draws for `metric`; greyed out when the chart picks its own. */
export function FigurePicker({
  row,
  metric,
  onChange,
}: {
  row: ChartKindRow;
  metric: CompareMetric;
  onChange: (metric: CompareMetric) => void;
}) {
  const shown = row.pickerFigure(metric);
  const choices = COMPARE_METRICS.filter((m) => shown === null || row.pickerFigure(m) === m);
  return (
    <label className="compare-select">
      <span>Figure</span>
      <select
        value={shown ?? metric}
        onChange={(e) => onChange(e.target.value as CompareMetric)}
        disabled={shown === null}
        data-testid="compare-figure"
      >
        {choices.map((m) => (
          <option key={m} value={m}>
            {METRIC_TITLES[m]}
          </option>
        ))}
      </select>
    </label>
  );
}
