// Names of compared runs: which settings differ across a selection, and labels that say only those.
import type { CompareRun } from './compare.ts';
import { formatEntries } from './charts/format.ts';
import { serverFullName, serverShortName } from './serverNames.ts';

/** Every dimension, in the order labels list them. */
export const COMPARE_DIMENSIONS = [
  'server',
  'indexProfile',
  'workload',
  'entries',
  'connections',
  'depth',
  'policy',
  'model',
  'source',
] as const;

/** Settings along which compared runs can differ (each can split a chart into series). */
export type CompareDimension = (typeof COMPARE_DIMENSIONS)[number];

/** The server's full name as its root DSE gives it, for tables and tooltips: "389 Project 389-Directory/2.3.1 B2025.016.1616". */
export function serverLabel(run: CompareRun): string {
  return serverFullName(run);
}

/** The server's short name, for legends, axes and colours: "389 DS 2.3.1". */
export function serverShortLabel(run: CompareRun): string {
  return serverShortName(run);
}

/** One run's value along a dimension, worded for a legend. */
export function dimensionText(run: CompareRun, dimension: CompareDimension): string {
  switch (dimension) {
    case 'server':
      return serverShortLabel(run);
    case 'indexProfile':
      return run.indexProfile ?? 'no profile';
    case 'workload':
      return run.workload;
    case 'entries':
      return run.entries === null ? 'size unknown' : `${formatEntries(run.entries)} entries`;
    case 'connections':
      return `${run.connections} conn`;
    case 'depth':
      return `depth ${run.depth}`;
    case 'policy':
      return run.policy;
    case 'model':
      return run.loadModel === 'closed' ? 'closed model' : run.loadModel;
    case 'source':
      return run.source === 'dirbench' ? 'DirBench' : `imported ${run.source}`;
  }
}

/** The dimensions along which `runs` take more than one value, leaving out `exclude`. */
export function varyingDimensions(
  runs: readonly CompareRun[],
  exclude: readonly CompareDimension[] = [],
): CompareDimension[] {
  return COMPARE_DIMENSIONS.filter(
    (d) => !exclude.includes(d) && new Set(runs.map((r) => dimensionText(r, d))).size > 1,
  );
}

/** A run's label over `dimensions`, led by the server's short name: "OpenLDAP 2.5.13 · salford-indexed". */
export function labelOver(run: CompareRun, dimensions: readonly CompareDimension[]): string {
  const parts = dimensions.includes('server') ? dimensions : ['server' as const, ...dimensions];
  return parts.map((d) => dimensionText(run, d)).join(' · ');
}

/** Makes names unique by numbering the second and later copies: "a", "a (2)". */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}
