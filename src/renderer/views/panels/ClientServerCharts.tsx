// Compact charts of the client's workers (CPU %, event-loop utilisation, GC pauses) and the lab server (CPU, RSS).
import { useMemo } from 'react';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import { countNonZero, countSeriesNonZero } from '../../charts/chartBase.ts';
import type { SampleChartProps } from '../../charts/chartBase.ts';
import {
  serverOption,
  serverSeries,
  workerCpuOption,
  workerEluOption,
  workerGcOption,
  workerSeries,
} from '../../charts/telemetryChartOptions.ts';

/** The charts for whichever telemetry the samples carry; nothing when they carry none. */
export function ClientServerCharts({ samples, timeline, testIdPrefix = '' }: SampleChartProps) {
  const cpu = useMemo(() => workerSeries(samples, (w) => w.cpuPercent), [samples]);
  const elu = useMemo(() => workerSeries(samples, (w) => w.eventLoopUtilization * 100), [samples]);
  const gc = useMemo(() => workerSeries(samples, (w) => w.gcPauseMs), [samples]);
  // Runs recorded before GC was measured have worker readings without it: no empty chart for them.
  const gcMeasured = gc.some((s) => s.points.some(([, value]) => value !== null));
  const server = useMemo(() => serverSeries(samples), [samples]);
  const cpuOption = useMemo(() => workerCpuOption(timeline, cpu), [timeline, cpu]);
  const eluOption = useMemo(() => workerEluOption(timeline, elu), [timeline, elu]);
  const gcOption = useMemo(() => workerGcOption(timeline, gc), [timeline, gc]);
  const serverChart = useMemo(
    () => (server ? serverOption(timeline, server) : null),
    [timeline, server],
  );
  if (cpu.length === 0 && !server) return null;
  const workers = `${cpu.length} worker${cpu.length === 1 ? '' : 's'}`;
  const charts = [cpu.length > 0, elu.length > 0, gcMeasured, server !== null].filter(Boolean);
  return (
    <div className={charts.length === 4 ? 'chart-grid-2x2' : 'chart-grid-3'}>
      {cpu.length > 0 && (
        <ChartPanel
          compact
          title={
            <>
              Client CPU % <span className="muted">per worker · 100 = one core</span>
            </>
          }
          option={cpuOption}
          points={countSeriesNonZero(cpu)}
          testId={`${testIdPrefix}client-cpu-chart`}
          label={`CPU percent of each of ${workers} per second`}
        />
      )}
      {elu.length > 0 && (
        <ChartPanel
          compact
          title={
            <>
              Event-loop utilisation % <span className="muted">per worker</span>
            </>
          }
          option={eluOption}
          points={countSeriesNonZero(elu)}
          testId={`${testIdPrefix}client-elu-chart`}
          label={`Event-loop utilisation of each of ${workers} per second`}
        />
      )}
      {gcMeasured && (
        <ChartPanel
          compact
          title={
            <>
              GC pause ms/s <span className="muted">per worker · 100 = 10% of the time</span>
            </>
          }
          option={gcOption}
          points={countSeriesNonZero(gc)}
          testId={`${testIdPrefix}client-gc-chart`}
          label={`Garbage-collection pause in milliseconds of each of ${workers} per second`}
        />
      )}
      {server && serverChart && (
        <ChartPanel
          compact
          title={
            <>
              Lab server <span className="muted">CPU % · RSS MB (right)</span>
            </>
          }
          option={serverChart}
          points={countNonZero(server.cpu)}
          testId={`${testIdPrefix}server-chart`}
          label="Lab server CPU percent and resident memory per second"
        />
      )}
    </div>
  );
}
