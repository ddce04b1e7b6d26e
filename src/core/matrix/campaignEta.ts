// A campaign's time left: the rest of the step it is in (a lab build, a run) and every step after
// it, lab builds and loads included. Builds are estimated from each kind's measured figures
// (src/shared/labBuildFigures.ts) until the campaign has timed builds of its own; cells from their
// warm-up, measured time and the overhead the campaign's runs showed.
import { LAB_KIND_LIST } from '../../shared/labKinds.ts';
import type { LabKind, LabProgress } from '../../shared/labTypes.ts';
import type { CampaignCell, MatrixSpec } from '../../shared/matrix.ts';
import {
  cellLabKey,
  cellS,
  DEFAULT_MATRIX_RATES,
  estimateCellsS,
  labBuildS,
} from '../../shared/matrixSpecCells.ts';
import type { MatrixRates } from '../../shared/matrixSpecCells.ts';

/** Seconds left, and the part of them spent building and loading labs. */
export interface TimeLeft {
  etaS: number;
  labsS: number;
}

/** Where the current cell is. */
type Phase =
  | { kind: 'between' }
  | { kind: 'preparing'; cell: CampaignCell }
  | { kind: 'building'; cell: CampaignCell; lab: LabKind; startedMs: number; load: LoadSeen | null }
  | { kind: 'ready'; cell: CampaignCell }
  | { kind: 'running'; cell: CampaignCell; startedMs: number };

/** The load step of a build as its progress told it: when it began and how far it got. */
interface LoadSeen {
  startedMs: number;
  fraction: number;
}

/** A step that has overrun its estimate is given at least this much more (it has not ended). */
const OVERRUN_LEFT_S = 1;

/** Estimates one campaign's time left from its figures and what it has measured so far. */
export class CampaignEta {
  readonly #spec: MatrixSpec;
  readonly #nowMs: () => number;
  #phase: Phase = { kind: 'between' };
  /** The lab key of the lab running now (its cells need no build). */
  #builtKey: string | null = null;
  /** Builds timed so far: seconds taken and seconds the figures gave, by kind. */
  readonly #builds = new Map<LabKind, { takenS: number; figuredS: number }>();
  /** Seconds each finished run took beyond its warm-up and measured time. */
  readonly #overheadsS: number[] = [];

  constructor(spec: MatrixSpec, nowMs: () => number = () => Date.now()) {
    this.#spec = spec;
    this.#nowMs = nowMs;
  }

  /** The runner starts preparing `cell` (its lab, if it has one, may need a build). */
  cellBegan(cell: CampaignCell): void {
    this.#phase = { kind: 'preparing', cell };
  }

  /** A step of the cell's lab build: the build began with the first; the load's share is followed. */
  labProgress(progress: Pick<LabProgress, 'step' | 'done' | 'total'>): void {
    const phase = this.#phase;
    if (phase.kind === 'preparing' && 'lab' in phase.cell.server) {
      this.#builtKey = null;
      const startedMs = this.#nowMs();
      this.#phase = {
        kind: 'building',
        cell: phase.cell,
        lab: phase.cell.server.lab,
        startedMs,
        load: null,
      };
    }
    const building = this.#phase;
    if (building.kind !== 'building' || progress.step !== 'load' || progress.total <= 0) return;
    const fraction = Math.min(1, progress.done / progress.total);
    building.load = { startedMs: building.load?.startedMs ?? this.#nowMs(), fraction };
  }

  /** The cell's server is ready (a lab built, or reused, or a saved target). */
  labReady(): void {
    const phase = this.#phase;
    if (phase.kind !== 'building' && phase.kind !== 'preparing') return;
    if (phase.kind === 'building') {
      const taken = this.#builds.get(phase.lab) ?? { takenS: 0, figuredS: 0 };
      taken.takenS += (this.#nowMs() - phase.startedMs) / 1000;
      taken.figuredS += labBuildS(this.#spec, phase.lab, phase.cell.entries ?? 0);
      this.#builds.set(phase.lab, taken);
    }
    this.#builtKey = cellLabKey(phase.cell) ?? this.#builtKey;
    this.#phase = { kind: 'ready', cell: phase.cell };
  }

  /** The cell's run starts. */
  runBegan(): void {
    const phase = this.#phase;
    if (phase.kind === 'ready')
      this.#phase = { kind: 'running', cell: phase.cell, startedMs: this.#nowMs() };
  }

  /** The cell's run ended (however it ended). */
  runEnded(): void {
    const phase = this.#phase;
    if (phase.kind === 'running') {
      const takenS = (this.#nowMs() - phase.startedMs) / 1000;
      this.#overheadsS.push(Math.max(0, takenS - this.#spec.warmupS - this.#spec.durationS));
    }
    this.#phase = { kind: 'between' };
  }

  /** The time left for the campaign's `cells` (in run order) from now. */
  left(cells: readonly CampaignCell[]): TimeLeft {
    const rates = this.rates();
    const phase = this.#phase;
    const current = phase.kind === 'between' ? null : phase.cell;
    const after = cells.filter((c) => c.status === 'pending' && c !== current);
    const rest = estimateCellsS(
      this.#spec,
      rates,
      after,
      (current === null ? null : cellLabKey(current)) ?? this.#builtKey,
    );
    const now = this.#currentLeft(rates);
    return { etaS: Math.round(now.etaS + rest.totalS), labsS: Math.round(now.labsS + rest.labsS) };
  }

  /**
   * The figures as this campaign has measured them: each kind's builds against its figures (a kind
   * not built yet at the pace of the others), and the cells' overhead.
   */
  rates(): MatrixRates {
    const base = DEFAULT_MATRIX_RATES;
    const builds = [...this.#builds.values()];
    const sum = (pick: (b: { takenS: number; figuredS: number }) => number) =>
      builds.reduce((total, b) => total + pick(b), 0);
    const pace = builds.length === 0 ? 1 : sum((b) => b.takenS) / sum((b) => b.figuredS);
    const labFactors = Object.fromEntries(
      LAB_KIND_LIST.map((kind) => {
        const own = this.#builds.get(kind);
        return [kind, own === undefined ? pace : own.takenS / own.figuredS];
      }),
    );
    const overheads = this.#overheadsS;
    const cellOverheadS =
      overheads.length === 0
        ? base.cellOverheadS
        : overheads.reduce((total, o) => total + o, 0) / overheads.length;
    return { ...base, labFactors, cellOverheadS };
  }

  /** The rest of the current cell: its build (when one is due or under way) and its run. */
  #currentLeft(rates: MatrixRates): TimeLeft {
    const phase = this.#phase;
    const runS = cellS(this.#spec, rates);
    const nowMs = this.#nowMs();
    switch (phase.kind) {
      case 'between':
        return { etaS: 0, labsS: 0 };
      case 'preparing': {
        const { cell } = phase;
        const due = 'lab' in cell.server && cellLabKey(cell) !== this.#builtKey;
        const buildS =
          due && 'lab' in cell.server
            ? labBuildS(this.#spec, cell.server.lab, cell.entries ?? 0, rates)
            : 0;
        return { etaS: buildS + runS, labsS: buildS };
      }
      case 'building': {
        const figuredS = labBuildS(this.#spec, phase.lab, phase.cell.entries ?? 0, rates);
        const elapsedS = (nowMs - phase.startedMs) / 1000;
        // Past its figure, the load's own pace says how much is left.
        const load = phase.load;
        const byPaceS =
          load === null || load.fraction <= 0
            ? 0
            : (((nowMs - load.startedMs) / 1000) * (1 - load.fraction)) / load.fraction;
        const buildS = Math.max(figuredS - elapsedS, byPaceS, OVERRUN_LEFT_S);
        return { etaS: buildS + runS, labsS: buildS };
      }
      case 'ready':
        return { etaS: runS, labsS: 0 };
      case 'running':
        return {
          etaS: Math.max(OVERRUN_LEFT_S, runS - (nowMs - phase.startedMs) / 1000),
          labsS: 0,
        };
    }
  }
}
