// A matrix's cells in run order and the time they will take. Order minimises lab rebuilds: per
// server, per index profile, sizes ascending, so each lab is built once and its cells run together.
import type { MatrixCell, MatrixServer, MatrixSpec } from './matrix.ts';
import type { WorkloadId } from './types.ts';
import type { WorkloadConcurrency } from './workload.ts';

/** Load and generation rates behind an estimate, and the fixed cost of each cell and lab. */
export interface MatrixRates {
  /** Entries generated per second (DirBench's generator, measured ~500K/s on the Salford shape). */
  generateEntriesPerS: number;
  /** Entries per second of a server's offline bulk loader (slapadd at 1M: ~16K/s in the README's ladder). */
  offlineLoadEntriesPerS: number;
  /** Adds per second of a load over LDAP. */
  protocolLoadEntriesPerS: number;
  /** Seconds to start a lab server, count its entries and publish its target. */
  labStartS: number;
  /** Seconds each cell adds to its warm-up and measured time (workers, connections, pools, storing). */
  cellOverheadS: number;
}

/** Rates measured on the development machine (README: "Generating and loading 10K to 10M entries"). */
export const DEFAULT_MATRIX_RATES: MatrixRates = {
  generateEntriesPerS: 500_000,
  offlineLoadEntriesPerS: 16_000,
  protocolLoadEntriesPerS: 400,
  labStartS: 2,
  cellOverheadS: 3,
};

/** The study concurrency of a workload (its catalog entry's), or null when it has none. */
export type ConcurrencyLookup = (workload: WorkloadId) => WorkloadConcurrency | null;

/** Cells in run order; `concurrencyOf` supplies catalog concurrency when the matrix asks for it. */
export function expandMatrixCells(
  spec: MatrixSpec,
  concurrencyOf: ConcurrencyLookup = () => null,
): MatrixCell[] {
  const cells: MatrixCell[] = [];
  const policies = spec.policies ?? [{ kind: 'persistent' }];
  const sizes = [...spec.sizes].sort((a, b) => a - b);
  const push = (server: MatrixServer, entries: number | null, indexProfile: string | null) => {
    for (const workload of spec.workloads) {
      const study = spec.studyConcurrency === true ? concurrencyOf(workload) : null;
      const levels = study === null ? spec.connections : [study.connections];
      const depth = study === null ? (spec.depth ?? 1) : study.depth;
      for (const connections of levels) {
        for (const policy of policies) {
          for (let repeat = 1; repeat <= spec.repeats; repeat++) {
            cells.push({
              index: cells.length,
              server,
              entries,
              indexProfile,
              workload,
              connections,
              depth,
              policy,
              repeat,
            });
          }
        }
      }
    }
  };
  for (const server of spec.servers) {
    if (!('lab' in server)) {
      push(server, null, null);
      continue;
    }
    for (const profile of spec.indexProfiles) {
      for (const entries of sizes) push(server, entries, profile);
    }
  }
  return cells;
}

/** The lab a cell needs as a comparable key (server kind, profile, size); null for a saved target. */
export function cellLabKey(cell: MatrixCell): string | null {
  if (!('lab' in cell.server)) return null;
  const replicas = cell.server.replicas ?? 0;
  return `${cell.server.lab}|${cell.indexProfile ?? ''}|${cell.entries ?? 0}|${replicas}`;
}

/** Labs the cells need, in order: one build each time the key changes. */
export function labBuildCount(cells: readonly MatrixCell[]): number {
  let builds = 0;
  let previous: string | null = null;
  for (const cell of cells) {
    const key = cellLabKey(cell);
    if (key !== null && key !== previous) builds++;
    previous = key ?? previous;
  }
  return builds;
}

/** Seconds to generate, load and start one lab of `entries`. */
export function labBuildS(
  spec: Pick<MatrixSpec, 'load'>,
  entries: number,
  rates: MatrixRates = DEFAULT_MATRIX_RATES,
): number {
  const loadRate =
    spec.load === 'protocol' ? rates.protocolLoadEntriesPerS : rates.offlineLoadEntriesPerS;
  return entries / rates.generateEntriesPerS + entries / loadRate + rates.labStartS;
}

/** Seconds one cell runs, lab excluded. */
export function cellS(
  spec: Pick<MatrixSpec, 'warmupS' | 'durationS'>,
  rates: MatrixRates = DEFAULT_MATRIX_RATES,
): number {
  return spec.warmupS + spec.durationS + rates.cellOverheadS;
}

/** Estimated seconds for `cells` (all of the matrix's by default): their runs plus every lab build. */
export function estimateMatrixS(
  spec: MatrixSpec,
  rates: MatrixRates = DEFAULT_MATRIX_RATES,
  cells: readonly MatrixCell[] = expandMatrixCells(spec),
): number {
  let totalS = 0;
  let previous: string | null = null;
  for (const cell of cells) {
    const key = cellLabKey(cell);
    if (key !== null && key !== previous) totalS += labBuildS(spec, cell.entries ?? 0, rates);
    previous = key ?? previous;
    totalS += cellS(spec, rates);
  }
  return Math.round(totalS);
}

/** Seconds in words for estimates and ETAs: "45 s", "12 min 5 s", "3 h 20 min". */
export function formatDurationS(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 === 0 ? '' : ` ${s % 60} s`}`;
  const minutes = Math.round((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes === 0 ? '' : ` ${minutes} min`}`;
}
