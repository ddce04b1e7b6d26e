// The compare charts of a selection (runs or a campaign): chart kind, metric, published overlay, table, exports.
import { useMemo, useState } from 'react';
import type { CompareRun } from '../../../shared/compare.ts';
import { CHART_KINDS, CHART_ROWS } from '../../../shared/charts/chartKinds.ts';
import type { ChartKind } from '../../../shared/charts/chartKinds.ts';
import { chartTitle, compareChartOption, firstChart } from '../../../shared/charts/compareChart.ts';
import { serverColors } from '../../../shared/charts/serverColors.ts';
import type { ServerColors } from '../../../shared/charts/serverColors.ts';
import type { CompareMetric } from '../../../shared/compareSeries.ts';
import type { ExportSelection } from '../../../shared/exchange.ts';
import type { ReferenceTable } from '../../../shared/reference.ts';
import { useQuery } from '../../api/useApi.ts';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import type { ChartOption } from '../../charts/echarts.ts';
import { useElementWidth } from '../../charts/useElementWidth.ts';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import { BaselineSection } from './BaselineSection.tsx';
import { CompareExports } from './CompareExports.tsx';
import { overlayCandidates, runsOfTest, testChoices } from './compareChoices.ts';
import { OverlayPicker, TestPicker } from './ComparePickers.tsx';
import { FigurePicker } from './FigurePicker.tsx';
import { PaperTableView } from './PaperTableView.tsx';

const CHART_CHOICES = CHART_KINDS.map((kind) => ({ value: kind, label: CHART_ROWS[kind].label }));

/**
 * Charts and table of the compared `runs`; `selection` is what exports cover. Servers keep `colors`
 * (a campaign's, stable while it runs), else colours over every run of the selection.
 */
export function ComparePanel({
  runs,
  selection,
  colors: given,
}: {
  runs: readonly CompareRun[];
  selection: ExportSelection;
  colors?: ServerColors;
}) {
  // Until the user picks a chart it follows the runs: a campaign's results gain servers as cells finish.
  const [picked, setChart] = useState<ChartKind | null>(null);
  const chart = picked ?? firstChart(runs);
  const row = CHART_ROWS[chart];
  // Colours from every run of the selection, so picking one test recolours nothing.
  const colors = useMemo(() => given ?? serverColors(runs), [given, runs]);
  const { ref: chartBox, widthPx } = useElementWidth<HTMLDivElement>();
  const [metric, setMetric] = useState<CompareMetric>('opsPerSec');
  const [overlayId, setOverlayId] = useState('');
  // The studies chart one test at a time: several workloads start on the first, not on a tangle.
  const workloads = testChoices(runs);
  const [workload, setWorkload] = useState(workloads.length > 1 ? (workloads[0] ?? '') : '');
  const shown = runsOfTest(runs, workload);
  const references = useQuery('reference', (api) => api.call('reference/list'));
  // The published table of the test on screen comes first (Salford Table 7 for salford/S.3).
  const candidates = overlayCandidates(references.data ?? [], chart, metric).sort(
    (a, b) => Number(b.workload === workload) - Number(a.workload === workload),
  );
  const overlay: ReferenceTable[] = candidates.filter((t) => t.id === overlayId);
  const option = compareChartOption(chart, shown, {
    metric,
    references: overlay,
    serverColors: colors,
    widthPx,
  }) as ChartOption;
  const counts = row.counts?.(shown, metric) ?? { series: 0, points: 0 };
  return (
    <div className="compare-panel" data-testid="compare-panel" data-chart={chart}>
      <div className="compare-controls">
        <RadioSegments<ChartKind>
          id="compare-chart"
          legend="Chart"
          name="compare-chart"
          value={chart}
          options={CHART_CHOICES}
          onChange={setChart}
        />
        {/* The pickers of what is charted wrap as one when the chart kinds fill the row. */}
        <div className="compare-selects">
          <TestPicker workloads={workloads} value={workload} onChange={setWorkload} />
          <FigurePicker row={row} metric={metric} onChange={setMetric} />
          <OverlayPicker candidates={candidates} value={overlayId} onChange={setOverlayId} />
        </div>
      </div>
      <div ref={chartBox}>
        {/* useECharts merges options: a new chart, test or overlay draws afresh so no series stays behind. */}
        <ChartPanel
          key={`${chart}|${workload}|${overlayId}`}
          title={chartTitle(chart, metric)}
          option={option}
          points={counts.points}
          counts={{ series: counts.series }}
          testId="compare-chart"
          fileName={`dirbench-${chart}${workload === '' ? '' : `-${workload.replace(/[^\w.-]+/g, '-')}`}`}
          label={`${chartTitle(chart, metric)} of ${shown.length} runs`}
        />
      </div>
      {overlay.length > 0 && (
        <p className="muted small">
          Dashed lines: {overlay[0]?.study}, {overlay[0]?.table} — published figures measured on{' '}
          {overlay[0]?.hardware}, not on this machine.
        </p>
      )}
      {row.paperTable && <PaperTableView runs={runs} metric={metric} />}
      <BaselineSection runs={runs} />
      <CompareExports
        selection={selection}
        singleRun={runs.length === 1}
        references={overlay.map((t) => t.id)}
        test={workload}
        metric={metric}
      />
    </div>
  );
}
