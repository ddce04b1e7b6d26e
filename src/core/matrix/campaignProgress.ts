// The live progress of a campaign: what it does now, cells done/failed/left and the time left
// (lab builds included: campaignEta.ts), pushed as 'campaign/progress' at each step and once a
// second while a cell runs.
import type { ApiEventMessage } from '../../shared/api.ts';
import type {
  CampaignCell,
  CampaignProgress,
  CampaignStatus,
  MatrixSpec,
} from '../../shared/matrix.ts';
import { CampaignEta } from './campaignEta.ts';

/** Tracks and emits one campaign's progress. */
export class CampaignProgressTracker {
  readonly #emit: (message: ApiEventMessage) => void;
  readonly #campaignId: string;
  readonly #cells: readonly CampaignCell[];
  /** The time left, told the campaign's steps as they happen. */
  readonly eta: CampaignEta;
  status: CampaignStatus = 'running';
  currentCell: number | null = null;
  activity = 'Starting';
  runId: string | null = null;
  #ticker: NodeJS.Timeout | null = null;

  constructor(
    emit: (message: ApiEventMessage) => void,
    campaignId: string,
    spec: MatrixSpec,
    cells: readonly CampaignCell[],
  ) {
    this.#emit = emit;
    this.#campaignId = campaignId;
    this.#cells = cells;
    this.eta = new CampaignEta(spec);
  }

  /** The progress as the API carries it. */
  snapshot(): CampaignProgress {
    // Paused or ended: nothing is under way to count down.
    const left = this.status === 'running' ? this.eta.left(this.#cells) : null;
    return {
      campaignId: this.#campaignId,
      status: this.status,
      currentCell: this.currentCell,
      activity: this.activity,
      cellsDone: this.#cells.filter((c) => c.status === 'done').length,
      cellsFailed: this.#cells.filter((c) => c.status === 'failed').length,
      cellsTotal: this.#cells.length,
      etaS: left?.etaS ?? null,
      etaLabsS: left?.labsS ?? null,
      runId: this.runId,
    };
  }

  /** Sets what the runner does now and emits. */
  step(activity: string, currentCell: number | null = this.currentCell): void {
    this.activity = activity;
    this.currentCell = currentCell;
    this.emit();
  }

  /** Emits the current progress. */
  emit(): void {
    this.#emit({ event: 'campaign/progress', payload: this.snapshot() });
  }

  /** Emits once a second, with `activity()` recomputed each time, until `stopTicking`. */
  startTicking(activity: () => string): void {
    this.stopTicking();
    this.#ticker = setInterval(() => this.step(activity()), 1000);
    // Progress alone must not keep a CLI process alive.
    this.#ticker.unref();
  }

  /** Stops the once-a-second emission. */
  stopTicking(): void {
    if (this.#ticker !== null) clearInterval(this.#ticker);
    this.#ticker = null;
  }
}
