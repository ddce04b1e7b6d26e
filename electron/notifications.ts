// Native notifications when a campaign ends: the user left it running for hours and wants to know.
import type { CampaignProgress } from '../src/shared/matrix.ts';

/** A notification's text. */
export interface NoticeText {
  title: string;
  body: string;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The notification for a campaign progress event: one when it completed or failed, none while it
 * runs, pauses or after the user cancelled it. `name` is the campaign's name when known.
 */
export function campaignNotice(progress: CampaignProgress, name: string | null): NoticeText | null {
  const which = name ? `“${name}”` : 'The campaign';
  const cells = `${plural(progress.cellsDone, 'cell')} of ${progress.cellsTotal.toLocaleString('en-US')} done`;
  const failed = progress.cellsFailed > 0 ? `, ${plural(progress.cellsFailed, 'cell')} failed` : '';
  if (progress.status === 'completed') {
    return { title: 'Campaign finished', body: `${which} finished: ${cells}${failed}.` };
  }
  if (progress.status === 'failed') {
    return {
      title: 'Campaign failed',
      body: `${which} stopped early: ${cells}${failed}. Open it in DirBench to see why.`,
    };
  }
  return null;
}

/** Shows each campaign's end once, however many progress events repeat its final status. */
export class CampaignNotifier {
  readonly #shown = new Set<string>();
  readonly #show: (campaignId: string, notice: NoticeText) => void;

  constructor(show: (campaignId: string, notice: NoticeText) => void) {
    this.#show = show;
  }

  /** Feeds one campaign progress event (with the campaign's name when known). */
  onProgress(progress: CampaignProgress, name: string | null): void {
    const key = `${progress.campaignId}:${progress.status}`;
    if (progress.status === 'running') {
      // A resumed campaign may end (and notify) again.
      for (const shown of this.#shown)
        if (shown.startsWith(`${progress.campaignId}:`)) this.#shown.delete(shown);
      return;
    }
    const notice = campaignNotice(progress, name);
    if (!notice || this.#shown.has(key)) return;
    this.#shown.add(key);
    this.#show(progress.campaignId, notice);
  }
}
