// Compared runs as grouped bars: categories are what differs besides the server (directory sizes, or
// tests when there is one size), one bar per server in each, the mean of its repeats with a 95% interval.
import type { CompareRun } from './compare.ts';
import { dimensionText, serverShortLabel, varyingDimensions } from './compareLabels.ts';
import type { CompareDimension } from './compareLabels.ts';
import { repeatFigure, serverOf } from './compareSeries.ts';
import type { CompareMetric, RepeatFigure, SeriesServer } from './compareSeries.ts';

/** A category of the grouped chart: its name and the words it is made of (for wrapping). */
export interface GroupedCategory {
  name: string;
  parts: string[];
}

/** Grouped bars: `figures[s][c]` is server `s` in category `c`, null where that cell was not run. */
export interface GroupedBars {
  categories: GroupedCategory[];
  /** Servers by short name, sorted (the order their colours are assigned in). */
  servers: SeriesServer[];
  figures: (RepeatFigure | null)[][];
}

/** Dimensions whose values sort as numbers. */
const NUMERIC: readonly CompareDimension[] = ['entries', 'connections', 'depth'];

function compareAlong(a: CompareRun, b: CompareRun, dimension: CompareDimension): number {
  if (NUMERIC.includes(dimension)) {
    const value = (r: CompareRun) => (r[dimension as 'entries'] ?? Infinity) as number;
    return value(a) - value(b);
  }
  return dimensionText(a, dimension).localeCompare(dimensionText(b, dimension));
}

/** Tests first, then sizes, then the rest: "salford/S.1 · 2K entries" before "salford/S.1 · 10K entries". */
function categoryOrder(dimensions: readonly CompareDimension[]): CompareDimension[] {
  const first: CompareDimension[] = ['workload', 'entries'];
  return [
    ...first.filter((d) => dimensions.includes(d)),
    ...dimensions.filter((d) => !first.includes(d)),
  ];
}

/** Runs as grouped bars of `metric`: a bar per server in each category of the other settings. */
export function groupedBars(runs: readonly CompareRun[], metric: CompareMetric): GroupedBars {
  const varying = varyingDimensions(runs, ['server']);
  // Nothing but the server differs: one category named after the setting all runs share.
  const dimensions = categoryOrder(varying.length > 0 ? varying : ['workload', 'entries']);
  const categoryRuns = new Map<string, CompareRun[]>();
  for (const run of [...runs].sort((a, b) => {
    for (const d of dimensions) {
      const order = compareAlong(a, b, d);
      if (order !== 0) return order;
    }
    return 0;
  })) {
    const key = dimensions.map((d) => dimensionText(run, d)).join(' · ');
    categoryRuns.set(key, [...(categoryRuns.get(key) ?? []), run]);
  }
  const serverRuns = new Map<string, CompareRun[]>();
  for (const run of runs) {
    const server = serverShortLabel(run);
    serverRuns.set(server, [...(serverRuns.get(server) ?? []), run]);
  }
  const servers = [...serverRuns.keys()].sort((a, b) => a.localeCompare(b));
  const categories = [...categoryRuns.entries()].map(([name, members]) => ({
    name,
    parts: dimensions.map((d) => dimensionText(members[0] as CompareRun, d)),
  }));
  return {
    categories,
    servers: servers.map((s) => serverOf(serverRuns.get(s) ?? [])),
    figures: servers.map((server) =>
      [...categoryRuns.values()].map((members) => {
        const cell = members.filter((r) => serverShortLabel(r) === server);
        return cell.length === 0 ? null : repeatFigure(cell, metric);
      }),
    ),
  };
}
