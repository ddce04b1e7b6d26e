// What the browser notification says when a campaign ends, and how the switch explains the
// permission it holds; pure so the wording is unit-tested.
import type { CampaignProgress, CampaignStatus } from '../../shared/matrix.ts';

/** Statuses worth a notification: the campaign ran to its end or stopped on an error. */
const NOTICE_STATUSES: ReadonlySet<CampaignStatus> = new Set([
  'completed',
  'failed',
  'interrupted',
]);

/** localStorage key of the "Notify me when a campaign finishes" switch. */
export const NOTIFY_STORAGE_KEY = 'dirbench.notifyCampaigns';

/** A notification's title and body. */
export interface Notice {
  title: string;
  body: string;
}

/** True when `progress` is a campaign's end that the user is told about (not a pause or cancel). */
export function isNoticeWorthy(progress: CampaignProgress): boolean {
  return NOTICE_STATUSES.has(progress.status);
}

/** The notification for a campaign that ended; `error` is why it failed, when it did. */
export function campaignNotice(
  progress: CampaignProgress,
  name: string,
  error: string | null,
): Notice {
  const done = `${progress.cellsDone} of ${progress.cellsTotal} cells done`;
  const failed = progress.cellsFailed > 0 ? `, ${progress.cellsFailed} failed` : ', none failed';
  const title =
    progress.status === 'completed'
      ? `Campaign finished: ${name}`
      : progress.status === 'interrupted'
        ? `Campaign interrupted: ${name}`
        : `Campaign failed: ${name}`;
  const why = progress.status !== 'completed' && error ? `\n${error}` : '';
  return { title, body: `${done}${failed}${why}` };
}

/** Browser permission as the switch shows it. */
export type NoticePermission = NotificationPermission | 'unsupported';

/** What the switch's note says for a permission; null when nothing needs explaining. */
export function permissionNote(permission: NoticePermission, wanted: boolean): string | null {
  if (permission === 'unsupported')
    return 'This browser has no notifications; campaigns still show their end on the Campaigns screen.';
  if (permission === 'denied')
    return 'Notifications are blocked for this page. Allow them in the browser’s site settings (the icon left of the address), then switch this on again.';
  if (wanted && permission === 'default')
    return 'The browser has not been asked yet: switch this off and on to allow notifications.';
  return null;
}
