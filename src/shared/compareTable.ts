// The Salford paper's table layout: rows are tests x servers, columns are directory sizes.
import type { CompareRun } from './compare.ts';
import { labelOver, serverLabel, varyingDimensions } from './compareLabels.ts';
import { repeatFigure } from './compareSeries.ts';
import type { CompareMetric, RepeatFigure } from './compareSeries.ts';
import { formatEntries, formatLatencyMs, formatOpsPerSec } from './charts/format.ts';

/** One row: a test on one server (and whatever else differs), one cell per size. */
export interface PaperRow {
  test: string;
  /** The server's short name (and whatever else differs), as the charts name it. */
  server: string;
  /** The server's full root DSE vendor and version, which the table keeps beside the short name. */
  serverFullName: string;
  figures: (RepeatFigure | null)[];
  /** Cell text: the figure, "failed" when every run of the cell failed, "-" when none was run. */
  cells: string[];
}

/** A table like the paper's: sizes across, tests x servers down. */
export interface PaperTable {
  metric: CompareMetric;
  /** Directory sizes (entries), ascending; null for runs whose size is unknown. */
  sizes: (number | null)[];
  sizeHeadings: string[];
  rows: PaperRow[];
}

/** A figure as a table cell shows it. */
export function cellText(figure: RepeatFigure | null, metric: CompareMetric): string {
  if (!figure) return '-';
  if (figure.mean === null) return 'failed';
  return metric === 'opsPerSec' ? formatOpsPerSec(figure.mean) : formatLatencyMs(figure.mean);
}

/** Lays compared runs out as the paper's table of `metric` (ops/s by default). */
export function paperTable(
  runs: readonly CompareRun[],
  metric: CompareMetric = 'opsPerSec',
): PaperTable {
  const sizes = [...new Set(runs.map((r) => r.entries))].sort(
    (a, b) => (a ?? Infinity) - (b ?? Infinity),
  );
  const dimensions = varyingDimensions(runs, ['workload', 'entries']);
  const rowsByKey = new Map<
    string,
    { test: string; server: string; serverFullName: string; runs: CompareRun[] }
  >();
  for (const run of runs) {
    const server = labelOver(run, dimensions);
    const key = JSON.stringify([run.workload, server]);
    const row = rowsByKey.get(key) ?? {
      test: run.workload,
      server,
      serverFullName: serverLabel(run),
      runs: [],
    };
    row.runs.push(run);
    rowsByKey.set(key, row);
  }
  const rows = [...rowsByKey.values()]
    .sort((a, b) => a.test.localeCompare(b.test) || a.server.localeCompare(b.server))
    .map(({ test, server, serverFullName, runs: rowRuns }) => {
      const figures = sizes.map((size) => {
        const atSize = rowRuns.filter((r) => r.entries === size);
        return atSize.length === 0 ? null : repeatFigure(atSize, metric);
      });
      const cells = figures.map((f) => cellText(f, metric));
      return { test, server, serverFullName, figures, cells };
    });
  return {
    metric,
    sizes,
    sizeHeadings: sizes.map((s) => (s === null ? 'size unknown' : formatEntries(s))),
    rows,
  };
}
