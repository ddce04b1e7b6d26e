// Data exports of a selection: summaries and seconds as CSV, JSON, a run's HdrHistogram log, the HTML report.
import { useState } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import type { CompareMetric } from '../../../shared/compareSeries.ts';
import type { DataExportFormat, ExportFile, ExportSelection } from '../../../shared/exchange.ts';
import { useApi } from '../../api/useApi.ts';
import { downloadFile } from '../../components/download.ts';
import { Icon } from '../../components/Icon.tsx';

interface ExportChoice {
  label: string;
  testId: string;
  make: () => Promise<ExportFile>;
}

/**
 * A row of download buttons. The data covers the whole selection; the HTML report covers what the
 * chart shows: the picked `test` ('' for all), the `metric` on screen and the overlaid `references`.
 */
export function CompareExports({
  selection,
  singleRun,
  references,
  test,
  metric,
}: {
  selection: ExportSelection;
  singleRun: boolean;
  references: string[];
  test: string;
  metric: CompareMetric;
}) {
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const data = (format: DataExportFormat, content?: 'summaries' | 'samples') => () =>
    api.call('export/data', { ...selection, format, ...(content ? { content } : {}) });
  const choices: ExportChoice[] = [
    { label: 'CSV (summaries)', testId: 'export-csv', make: data('csv', 'summaries') },
    { label: 'CSV (per second)', testId: 'export-csv-samples', make: data('csv', 'samples') },
    { label: 'JSON', testId: 'export-json', make: data('json') },
    ...(singleRun
      ? [{ label: 'HdrHistogram log', testId: 'export-hlog', make: data('hlog') }]
      : []),
    {
      label: test === '' ? 'HTML report' : `HTML report (${test})`,
      testId: 'export-report',
      make: () =>
        api.call('export/report', {
          ...selection,
          references,
          metric,
          ...(test === '' ? {} : { filter: { tests: [test] } }),
        }),
    },
  ];
  const run = async (choice: ExportChoice) => {
    setBusy(choice.testId);
    setError(null);
    try {
      downloadFile(await choice.make());
    } catch (err) {
      setError(
        `${choice.label}: ${(err instanceof ApiError ? err : ApiError.fromBody(err)).message}`,
      );
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="compare-exports" role="group" aria-label="Export the data">
      <span className="muted small">Export</span>
      {choices.map((choice) => (
        <button
          key={choice.testId}
          type="button"
          className="btn btn-secondary btn-sm"
          data-testid={choice.testId}
          disabled={busy !== null}
          onClick={() => void run(choice)}
        >
          <Icon name="download" size={13} />
          {choice.label}
        </button>
      ))}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
