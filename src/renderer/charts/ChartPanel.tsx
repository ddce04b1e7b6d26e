// A card holding one chart, with PNG/SVG export and the test attributes every chart carries.
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Icon } from '../components/Icon.tsx';
import { useECharts } from '../hooks/useECharts.ts';
import { exportChart } from './chartExport.ts';
import type { ChartImageKind } from './chartExport.ts';
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
  fileName,
}: {
  title: ReactNode;
  option: ChartOption;
  points: number;
  testId: string;
  label: string;
  controls?: ReactNode;
  counts?: Record<string, number>;
  compact?: boolean;
  /** Base name of exported images; defaults to the test id. */
  fileName?: string;
}) {
  const { ref, loadError } = useECharts(option);
  const data = Object.fromEntries(
    Object.entries(counts ?? {}).map(([name, count]) => [`data-${name}`, count]),
  );
  return (
    <section className="card chart-card">
      <header className="chart-header">
        <h3>{title}</h3>
        <div className="chart-controls">
          {controls}
          <ExportButtons
            option={option}
            containerRef={ref}
            fileBase={fileName ?? testId}
            label={label}
            testId={testId}
          />
        </div>
      </header>
      <div
        ref={ref}
        className={compact ? 'chart chart-compact' : 'chart'}
        data-testid={testId}
        data-points={points}
        {...data}
        role="img"
        aria-label={label}
      >
        {/* ECharts never touched this container, so the message has it to itself. */}
        {loadError && (
          <p className="chart-load-error" role="alert">
            Could not load the chart drawing code ({loadError}). Reload the window to try again.
          </p>
        )}
      </div>
    </section>
  );
}

/** "PNG" and "SVG" download buttons drawing the chart at its on-screen size. */
function ExportButtons({
  option,
  containerRef,
  fileBase,
  label,
  testId,
}: {
  option: ChartOption;
  containerRef: { current: HTMLDivElement | null };
  fileBase: string;
  label: string;
  testId: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);
  const save = async (kind: ChartImageKind) => {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    const box = containerRef.current?.getBoundingClientRect();
    try {
      await exportChart(
        option,
        kind,
        fileBase,
        Math.max(320, Math.round(box?.width ?? 800)),
        Math.max(200, Math.round(box?.height ?? 320)),
      );
    } catch (err) {
      setFailure(`Could not export: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      busy.current = false;
    }
  };
  return (
    <span className="chart-export" role="group" aria-label={`Export ${label}`}>
      {(['png', 'svg'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          className="btn btn-ghost btn-sm"
          title={`Download this chart as ${kind.toUpperCase()}`}
          data-testid={`${testId}-export-${kind}`}
          onClick={() => void save(kind)}
        >
          <Icon name="download" size={13} />
          {kind.toUpperCase()}
        </button>
      ))}
      {failure && (
        <span className="field-error" role="alert">
          {failure}
        </span>
      )}
    </span>
  );
}
