// The detail of a run imported from another tool: where it came from, the tool's own figures and
// per-interval throughput and mean latency. There are no histograms behind these runs, so the
// only percentiles shown are the ones the tool printed, labelled with the scope it used.
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { RunDetail } from '../../../shared/types.ts';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import {
  baseOption,
  COLORS,
  countNonZero,
  LEGEND,
  lineSeries,
  midInterval,
  SERIES_COLORS,
  tooltip,
  valueAxis,
} from '../../charts/chartBase.ts';
import type { ChartPoint } from '../../charts/chartBase.ts';
import { opsPoints, throughputOption } from '../../charts/runChartOptions.ts';
import { useRunTimeline } from '../../charts/useRunTimeline.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatCard } from '../../components/StatCard.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { formatInt, formatLatencyMs, formatOpsPerSec } from '../../format/numbers.ts';
import { ErrorsByCodeTable } from '../detail/ErrorsByCodeTable.tsx';
import { RunAnnotationCard } from './RunAnnotationCard.tsx';

/** Percentile lines never share the mean line's colour. */
const PERCENTILE_COLORS = SERIES_COLORS.filter((c) => c !== COLORS.p50);

/** Mean latency and each printed percentile per interval, in ms. */
function latencyChart(run: RunDetail, timeline: ReturnType<typeof useRunTimeline>) {
  const keys = Object.keys(run.samples[0]?.imported?.percentilesUs ?? {});
  const cumulative = run.samples[0]?.imported?.percentileScope === 'cumulative';
  const mean: ChartPoint[] = run.samples.map((s) => [midInterval(s), s.latencyUs.mean / 1000]);
  const series = [
    lineSeries('mean', COLORS.p50, mean),
    ...keys.map((key, i) =>
      lineSeries(
        `p${key}${cumulative ? ' (cumulative)' : ''}`,
        PERCENTILE_COLORS[i % PERCENTILE_COLORS.length] as string,
        run.samples.map((s): ChartPoint => {
          const us = s.imported?.percentilesUs[key];
          return [midInterval(s), us === undefined ? null : us / 1000];
        }),
        { dashed: cumulative },
      ),
    ),
  ];
  return {
    option: {
      ...baseOption(timeline),
      legend: LEGEND,
      yAxis: valueAxis(false),
      tooltip: tooltip(timeline, (value) => `${formatLatencyMs(value * 1000)} ms`),
      series,
    },
    points: countNonZero(mean),
    keys,
    cumulative,
  };
}

/** The page of an imported run: header, provenance, summary cards, charts, errors, notes and tags. */
export function ImportedRunDetail({ run, actions }: { run: RunDetail; actions: ReactNode }) {
  const { summary } = run;
  const tool = summary?.imported?.tool ?? run.samples[0]?.imported?.tool ?? 'another tool';
  const timeline = useRunTimeline(run.config, null);
  const throughput = useMemo(
    () => throughputOption(run.samples, timeline),
    [run.samples, timeline],
  );
  const latency = useMemo(() => latencyChart(run, timeline), [run, timeline]);
  const printed = Object.entries(summary?.imported?.percentilesUs ?? {});
  return (
    <div
      className="page"
      data-testid="run-detail"
      data-run-id={run.id}
      data-status={run.status}
      data-source={run.source}
    >
      <PageHeader
        title={
          <>
            {run.config.targetName} <StatusBadge status={run.status} />
          </>
        }
        subtitle={
          <>
            {formatDateTime(run.startedAt)} · imported {tool} run · {run.samples.length} intervals
          </>
        }
        actions={actions}
      />
      <div className="banner banner-info" role="note" data-testid="imported-banner">
        <div>
          <strong>Imported from {tool} output.</strong>
          <span className="banner-detail">
            {' '}
            {run.endReason}. The file does not record connections, the search or the client machine;
            it has no latency histograms, so only the percentiles {tool} printed are shown.
          </span>
        </div>
      </div>
      {summary && (
        <div className="stat-grid stat-grid-auto" aria-label="Summary">
          <StatCard
            label="Throughput"
            value={formatOpsPerSec(summary.opsPerSec)}
            unit="ops/sec"
            note={`as ${tool} reported it`}
            testId="summary-ops-per-sec"
            emphasis
          />
          <StatCard
            label="Mean latency"
            value={formatLatencyMs(summary.latencyUs.mean)}
            unit="ms"
            testId="summary-mean"
          />
          {printed.map(([p, us]) => (
            <StatCard
              key={p}
              label={`p${p} latency`}
              value={formatLatencyMs(us)}
              unit="ms"
              note="as printed, over the measured phase"
            />
          ))}
          <StatCard
            label="Operations"
            value={formatInt(summary.ops)}
            note={`${summary.measuredS} s measured`}
          />
          <StatCard label="Errors" value={formatInt(summary.errors)} />
        </div>
      )}
      {run.samples.length > 0 && (
        <div className="chart-grid">
          <ChartPanel
            title="Throughput (ops/sec)"
            option={throughput}
            points={countNonZero(opsPoints(run.samples))}
            testId="throughput-chart"
            label="Operations per second in each interval the tool printed"
          />
          <ChartPanel
            title={
              latency.keys.length
                ? 'Latency (ms): mean, and percentiles as printed'
                : 'Mean latency (ms)'
            }
            option={latency.option}
            points={latency.points}
            testId="latency-chart"
            label={`Mean latency per interval${latency.cumulative ? ', with the tool’s cumulative percentiles dashed' : ''}`}
          />
        </div>
      )}
      {summary && Object.keys(summary.errorsByCode).length > 0 && (
        <ErrorsByCodeTable errorsByCode={summary.errorsByCode} totalOps={summary.ops} />
      )}
      <RunAnnotationCard run={run} />
    </div>
  );
}
