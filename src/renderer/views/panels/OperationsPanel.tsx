// A mix's results per operation label: the breakdown table and throughput per operation over time.
import { useMemo } from 'react';
import type { RunSummary } from '../../../shared/types.ts';
import type { WorkloadSpec } from '../../../shared/workload.ts';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import { countNonZero } from '../../charts/chartBase.ts';
import type { SampleChartProps } from '../../charts/chartBase.ts';
import { operationPoints, operationsOption } from '../../charts/operationChartOptions.ts';
import { mixColor } from '../../components/MixBar.tsx';
import { Num } from '../../components/Num.tsx';
import { num, TableCard, withUnit } from '../../components/TableCard.tsx';
import { formatInt, formatLatencyMs, formatOpsPerSec } from '../../format/numbers.ts';
import { chartLabels, hasOperations, operationBreakdown } from './operationFigures.ts';
import type { OperationRow } from './operationFigures.ts';
import { PanelSection } from './PanelSection.tsx';

function percent(share: number): string {
  const p = share * 100;
  return p >= 10 || p === 0 ? `${p.toFixed(0)}%` : `${p.toFixed(1)}%`;
}

/** Only searches return entries; other kinds show a dash rather than 0.00. */
function returnsEntries(row: OperationRow): boolean {
  return row.entriesPerOp > 0 || row.kind === 'search' || row.kind === 'search-and-modify';
}

function ErrorsCell({ row }: { row: OperationRow }) {
  if (row.errors === 0) return <span className="muted">0</span>;
  const codes = Object.entries(row.errorsByCode).sort((a, b) => b[1] - a[1]);
  return (
    <>
      <span className="errors-some">{formatInt(row.errors)}</span>
      {codes.length > 0 && (
        <span className="error-codes">
          {codes.map(([code, n]) => `${code} ${formatInt(n)}`).join(', ')}
        </span>
      )}
    </>
  );
}

/** The per-operation table and chart; nothing unless the run reports operations by label. */
export function OperationsPanel({
  samples,
  summary,
  spec,
  timeline,
  testIdPrefix = '',
}: SampleChartProps & { summary: RunSummary | null; spec: WorkloadSpec | undefined }) {
  const present = hasOperations(samples, summary);
  const labels = useMemo(() => chartLabels(samples, summary, spec), [samples, summary, spec]);
  const option = useMemo(
    () => operationsOption(samples, labels, timeline),
    [samples, labels, timeline],
  );
  if (!present) return null;
  const breakdown = operationBreakdown(samples, summary, spec);
  const showEntries = breakdown.rows.some((r) => r.entriesPerOp > 0);
  const latencyNote = breakdown.latencyIsLastSecond ? ' · last s' : '';
  const points = countNonZero(labels.flatMap((l) => operationPoints(samples, l)));
  const colorOf = (label: string) => mixColor(Math.max(0, labels.indexOf(label)));
  return (
    <PanelSection
      title="Operations"
      aside={
        summary
          ? 'measured phase; share of completed operations, planned share from the weights'
          : 'since the measured phase began; latency of the last second'
      }
      testId={`${testIdPrefix}operations-panel`}
    >
      <TableCard
        label="Results per operation"
        testId={`${testIdPrefix}operations-table`}
        columns={[
          'Operation',
          num('Share'),
          num('Ops/sec'),
          num(withUnit('p50', `ms${latencyNote}`)),
          num(withUnit('p99', `ms${latencyNote}`)),
          num(withUnit('p99.9', `ms${latencyNote}`)),
          showEntries && num('Entries/op'),
          num('Errors'),
        ]}
      >
        {breakdown.rows.map((row) => (
          <tr key={row.label} data-testid="operation-row" data-label={row.label}>
            <td>
              <span className="op-label">
                <span
                  className="mix-dot"
                  style={{ background: colorOf(row.label) }}
                  aria-hidden="true"
                />
                {row.label}
                {row.kind && row.kind !== row.label && <span className="op-kind">{row.kind}</span>}
              </span>
            </td>
            <td className="num">
              <span className="share-cell">
                <span className="share-track" aria-hidden="true">
                  <span
                    className="share-fill"
                    style={{ width: `${row.share * 100}%`, background: colorOf(row.label) }}
                  />
                </span>
                <span data-testid="operation-share">{percent(row.share)}</span>
              </span>
              {row.plannedShare !== null && (
                <span className="cell-note">planned {percent(row.plannedShare)}</span>
              )}
            </td>
            <td className="num">
              <Num value={formatOpsPerSec(row.opsPerSec)} testId="operation-ops-per-sec" />
            </td>
            <td className="num">
              <Num value={row.latencyUs ? formatLatencyMs(row.latencyUs.p50) : null} />
            </td>
            <td className="num">
              <Num value={row.latencyUs ? formatLatencyMs(row.latencyUs.p99) : null} />
            </td>
            <td className="num">
              <Num value={row.latencyUs ? formatLatencyMs(row.latencyUs.p999) : null} />
            </td>
            {showEntries && (
              <td className="num">
                <Num value={returnsEntries(row) ? row.entriesPerOp.toFixed(2) : null} />
              </td>
            )}
            <td className="num" data-testid="operation-errors">
              <ErrorsCell row={row} />
            </td>
          </tr>
        ))}
      </TableCard>
      {labels.length > 0 && (
        <ChartPanel
          compact
          title={
            <>
              Throughput per operation <span className="muted">ops/sec, stacked</span>
            </>
          }
          option={option}
          points={points}
          testId={`${testIdPrefix}operations-chart`}
          label={`Operations per second of each label, stacked: ${labels.join(', ')}`}
        />
      )}
    </PanelSection>
  );
}
