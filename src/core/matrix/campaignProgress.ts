// The live progress of a campaign: what it does now, cells done/failed/left and the time left,
// pushed as 'campaign/progress' at each step and once a second while a cell runs.
import type { ApiEventMessage } from '../../shared/api.ts';
import type {
  CampaignCell,
  CampaignProgress,
  CampaignStatus,
  MatrixSpec,
} from '../../shared/matrix.ts';
import { estimateMatrixS, labBuildS } from '../../shared/matrixSpecCells.ts';

/** Tracks and emits one campaign's progress. */
export class CampaignProgressTracker {
  readonly #emit: (message: ApiEventMessage) => void;
  readonly #campaignId: string;
  readonly #spec: MatrixSpec;
  readonly #cells: readonly CampaignCell[];
  status: CampaignStatus = 'running';
  currentCell: number | null = null;
  activity = 'Starting';
  runId: string | null = null;
  /** Estimated seconds left when the current step began, and when that was. */
  #estimateS: number | null = null;
  #estimatedAtMs = 0;
  #ticker: NodeJS.Timeout | null = null;

  constructor(
    emit: (message: ApiEventMessage) => void,
    campaignId: string,
    spec: MatrixSpec,
    cells: readonly CampaignCell[],
  ) {
    this.#emit = emit;
    this.#campaignId = campaignId;
    this.#spec = spec;
    this.#cells = cells;
  }

  /** Re-estimates the time left from the unfinished cells; `labReady` when their first lab already runs. */
  reestimate(labReady: boolean): void {
    const left = this.#cells.filter((c) => c.status === 'pending' || c.status === 'running');
    let estimateS = estimateMatrixS(this.#spec, undefined, left);
    const first = left[0];
    if (labReady && first !== undefined && first.entries !== null)
      estimateS -= labBuildS(this.#spec, first.entries);
    this.#estimateS = Math.max(0, Math.round(estimateS));
    this.#estimatedAtMs = Date.now();
  }

  /** The progress as the API carries it. */
  snapshot(): CampaignProgress {
    const elapsedS = (Date.now() - this.#estimatedAtMs) / 1000;
    const ended = this.status !== 'running';
    return {
      campaignId: this.#campaignId,
      status: this.status,
      currentCell: this.currentCell,
      activity: this.activity,
      cellsDone: this.#cells.filter((c) => c.status === 'done').length,
      cellsFailed: this.#cells.filter((c) => c.status === 'failed').length,
      cellsTotal: this.#cells.length,
      etaS:
        this.#estimateS === null || ended
          ? null
          : Math.max(0, Math.round(this.#estimateS - elapsedS)),
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
