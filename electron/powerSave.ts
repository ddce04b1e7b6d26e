// Keeps the machine awake while a run or campaign is active: a laptop that sleeps mid-run ruins
// hours of cells. Driven by the core's live events; Electron's powerSaveBlocker does the blocking.
import type { ApiEventMessage } from '../src/shared/api.ts';
import type { CampaignStatus } from '../src/shared/matrix.ts';

/** The parts of Electron's powerSaveBlocker used here. */
export interface PowerSaveBlocker {
  start(type: 'prevent-app-suspension' | 'prevent-display-sleep'): number;
  stop(id: number): void;
}

/** Campaign statuses during which cells are being run (a paused campaign sends no load). */
const CAMPAIGN_ACTIVE: ReadonlySet<CampaignStatus> = new Set(['running']);

/** Follows runs and campaigns from core events and holds one blocker while any is active. */
export class PowerSaveGuard {
  readonly #blocker: PowerSaveBlocker;
  readonly #runs = new Set<string>();
  readonly #campaigns = new Set<string>();
  #blockerId: number | null = null;

  constructor(blocker: PowerSaveBlocker) {
    this.#blocker = blocker;
  }

  /** True while the blocker is held. */
  get blocking(): boolean {
    return this.#blockerId !== null;
  }

  /** Feeds one core event; other events are ignored. */
  onEvent(message: ApiEventMessage): void {
    switch (message.event) {
      case 'run/started':
        this.#runs.add(message.payload.runId);
        break;
      case 'run/ended':
        this.#runs.delete(message.payload.runId);
        break;
      case 'campaign/progress': {
        const { campaignId, status } = message.payload;
        if (CAMPAIGN_ACTIVE.has(status)) this.#campaigns.add(campaignId);
        else this.#campaigns.delete(campaignId);
        break;
      }
      default:
        return;
    }
    this.#update();
  }

  /** Lets the machine sleep again (the app is quitting). */
  release(): void {
    this.#runs.clear();
    this.#campaigns.clear();
    this.#update();
  }

  #update(): void {
    const active = this.#runs.size > 0 || this.#campaigns.size > 0;
    if (active && this.#blockerId === null) {
      // App suspension only: the screen may dim and lock, the load goes on.
      this.#blockerId = this.#blocker.start('prevent-app-suspension');
    } else if (!active && this.#blockerId !== null) {
      this.#blocker.stop(this.#blockerId);
      this.#blockerId = null;
    }
  }
}
