// A matrix's cells in run order and the time they will take. Order minimises lab rebuilds: per
// server, per index profile, sizes ascending, so each lab is built once and its cells run together.
import { figureBuildS, GENERATE_ENTRIES_PER_S } from './labBuildFigures.ts';
import type { LabBuildFigure } from './labKindRow.ts';
import { mapLabKinds } from './labKinds.ts';
import type { LabKind } from './labKinds.ts';
import type { CampaignProgress, MatrixCell, MatrixServer, MatrixSpec } from './matrix.ts';
import type { WorkloadId } from './types.ts';
import type { WorkloadConcurrency } from './workload.ts';

/** The figures behind an estimate: generation, each lab kind's build, and each cell's fixed cost. */
export interface MatrixRates {
  /** Entries generated per second (DirBench's generator). */
  generateEntriesPerS: number;
  /** Each lab kind's setup and loads, measured. */
  labs: Readonly<Record<LabKind, LabBuildFigure>>;
  /** A whole build's time against its figures, by kind, as a campaign measured it (absent: 1). */
  labFactors?: Readonly<Partial<Record<LabKind, number>>>;
  /** Seconds each cell adds to its warm-up and measured time (workers, connections, pools, storing). */
  cellOverheadS: number;
}

/** Figures measured on the development machine (each kind's `build` in src/shared/labKinds.ts). */
export const DEFAULT_MATRIX_RATES: MatrixRates = {
  generateEntriesPerS: GENERATE_ENTRIES_PER_S,
  labs: mapLabKinds((row) => row.build),
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

/** Seconds to generate, load and start one lab of `kind` with `entries`. */
export function labBuildS(
  spec: Pick<MatrixSpec, 'load'>,
  kind: LabKind,
  entries: number,
  rates: MatrixRates = DEFAULT_MATRIX_RATES,
): number {
  const figuredS = figureBuildS(
    rates.labs[kind],
    spec.load ?? 'offline',
    entries,
    rates.generateEntriesPerS,
  );
  return figuredS * (rates.labFactors?.[kind] ?? 1);
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
  return Math.round(estimateCellsS(spec, rates, cells).totalS);
}

/**
 * Seconds `cells` take in order, and the part of them spent building labs; `builtKey` is the
 * lab key (cellLabKey) of a lab already running, which a first cell needing it does not rebuild.
 */
export function estimateCellsS(
  spec: MatrixSpec,
  rates: MatrixRates,
  cells: readonly MatrixCell[],
  builtKey: string | null = null,
): { totalS: number; labsS: number } {
  let labsS = 0;
  let runsS = 0;
  let previous = builtKey;
  for (const cell of cells) {
    const key = cellLabKey(cell);
    if (key !== null && key !== previous && 'lab' in cell.server)
      labsS += labBuildS(spec, cell.server.lab, cell.entries ?? 0, rates);
    previous = key ?? previous;
    runsS += cellS(spec, rates);
  }
  return { totalS: labsS + runsS, labsS };
}

/** Seconds in words for estimates and ETAs: "45 s", "12 min 5 s", "3 h 20 min". */
export function formatDurationS(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 === 0 ? '' : ` ${s % 60} s`}`;
  const minutes = Math.round((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes === 0 ? '' : ` ${minutes} min`}`;
}

/** "about 12 min left (9 min of it building labs)" for a campaign's progress; null when not known. */
export function timeLeftText(
  progress: Pick<CampaignProgress, 'etaS' | 'etaLabsS'>,
  format: (seconds: number) => string = formatDurationS,
): string | null {
  if (progress.etaS === null) return null;
  const labsS = progress.etaLabsS ?? 0;
  const labs = labsS >= 1 ? ` (${format(labsS)} of it building labs)` : '';
  return `about ${format(progress.etaS)} left${labs}`;
}
