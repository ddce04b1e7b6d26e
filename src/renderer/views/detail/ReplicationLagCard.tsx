// A run against a replicated lab: each consumer's replication lag (p50, p99, max), the consumers
// that stopped receiving, and the lag p99 of each second as a chart.
import { useMemo } from 'react';
import type { RunDetail } from '../../../shared/types.ts';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import { countSeriesNonZero } from '../../charts/chartBase.ts';
import type { RunTimeline } from '../../charts/chartBase.ts';
import {
  lagOption,
  lagSeries,
  lagVsRateOption,
  lagVsRateSeries,
} from '../../charts/replicationLagChartOptions.ts';
import { Num } from '../../components/Num.tsx';
import { num, TableCard, withUnit } from '../../components/TableCard.tsx';
import { formatInt } from '../../format/numbers.ts';
import { PanelSection } from '../panels/PanelSection.tsx';
import { AgentName } from '../run/AgentCells.tsx';

/** The lag figures and chart; nothing for a run that watched no replication. */
export function ReplicationLagCard({ run, timeline }: { run: RunDetail; timeline: RunTimeline }) {
  const seconds = useMemo(() => run.replicationLag ?? [], [run.replicationLag]);
  const series = useMemo(() => lagSeries(seconds), [seconds]);
  const option = useMemo(() => lagOption(timeline, series), [timeline, series]);
  const byRate = useMemo(() => lagVsRateSeries(seconds, run.samples), [seconds, run.samples]);
  const rateOption = useMemo(() => lagVsRateOption(byRate), [byRate]);
  const figures = run.summary?.replicationLagMs ?? {};
  const errors = run.summary?.replicationLagErrors ?? {};
  const consumers = Object.keys(figures);
  if (consumers.length === 0 && Object.keys(errors).length === 0) return null;
  const resolution = run.summary?.replicationLagResolutionMs;
  return (
    <PanelSection
      title="Replication lag"
      aside="marker writes on the supplier, each seen on every consumer"
      testId="replication-lag-panel"
    >
      {Object.entries(errors).map(([url, why]) => (
        <div
          key={url}
          className="banner banner-danger"
          role="status"
          data-testid="replication-lag-error"
        >
          <span className="banner-detail">{why}</span>
        </div>
      ))}
      {consumers.length > 0 && (
        <TableCard
          label="Replication lag of each consumer, whole run"
          testId="replication-lag-table"
          columns={[
            'Consumer',
            'Watched by',
            num(withUnit('p50', 'ms')),
            num(withUnit('p99', 'ms')),
            num(withUnit('max', 'ms')),
          ]}
        >
          {consumers.map((url, i) => (
            <tr key={url} data-testid="replication-lag-row" data-url={url}>
              <td>
                <AgentName name={url} index={i} />
              </td>
              <td className="muted" data-testid="replication-lag-method">
                {run.summary?.replicationLagMethods?.[url] === 'persistent search'
                  ? 'persistent search'
                  : `polling every ${resolution ?? '?'} ms`}
              </td>
              <td className="num">
                <Num value={formatInt(figures[url]?.p50 ?? 0)} />
              </td>
              <td className="num">
                <Num value={formatInt(figures[url]?.p99 ?? 0)} testId="replication-lag-p99" />
              </td>
              <td className="num">
                <Num value={formatInt(figures[url]?.max ?? 0)} />
              </td>
            </tr>
          ))}
        </TableCard>
      )}
      <div className="two-col">
        {series.length > 0 && (
          <ChartPanel
            compact
            title={
              <>
                Replication lag over time <span className="muted">p99 ms, by second written</span>
              </>
            }
            option={option}
            points={countSeriesNonZero(series)}
            testId="replication-lag-chart"
            label={`Replication lag p99 per second of each consumer: ${series.map((s) => s.name).join(', ')}`}
          />
        )}
        {byRate.some((s) => s.points.length > 0) && (
          <ChartPanel
            compact
            title={
              <>
                Lag against write rate <span className="muted">p99 ms, a dot per second</span>
              </>
            }
            option={rateOption}
            points={countSeriesNonZero(byRate)}
            testId="replication-lag-rate-chart"
            label="Replication lag p99 of each second against the load's operations per second"
          />
        )}
      </div>
    </PanelSection>
  );
}
