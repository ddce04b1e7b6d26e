// Browser-mode campaign notifications: the switch's remembered choice, the page's permission, and
// the hook that shows a web Notification when a campaign ends. In Electron the main process shows
// native notifications instead, so none of this runs there (the preload bridge marks that mode).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useApi, useApiEvent } from '../api/useApi.ts';
import { navigate } from '../hooks/useHashRoute.ts';
import { readSetting, writeSetting } from '../theme/storedSetting.ts';
import { campaignNotice, isNoticeWorthy, NOTIFY_STORAGE_KEY } from './campaignNotice.ts';
import type { NoticePermission } from './campaignNotice.ts';

/** True in browser mode (HTTP transport); Electron's window has the preload bridge. */
export const browserMode = window.dirbench === undefined;

const listeners = new Set<() => void>();
let wanted = readSetting(NOTIFY_STORAGE_KEY) === 'true';

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's notification permission now ('unsupported' without the API). */
export function currentPermission(): NoticePermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The switch's state and the permission, re-rendering when either changes. */
export function useNotifySetting(): { wanted: boolean; permission: NoticePermission } {
  const on = useSyncExternalStore(subscribe, () => wanted);
  const permission = useSyncExternalStore(subscribe, currentPermission);
  return { wanted: on, permission };
}

/**
 * Turns the switch on or off; turning it on asks the browser for permission (which must happen in
 * the click that turned it on) and stays off when the user refuses.
 */
export async function setNotifyWanted(next: boolean): Promise<void> {
  let on = next;
  if (next && currentPermission() === 'default') {
    const answer = await Notification.requestPermission();
    on = answer === 'granted';
  } else if (next && currentPermission() !== 'granted') {
    on = false;
  }
  wanted = on;
  writeSetting(NOTIFY_STORAGE_KEY, String(on));
  changed();
}

/** Shows a notification when a campaign ends, if the user switched them on and the browser allows. */
export function useCampaignNotifications(): void {
  const api = useApi();
  const told = useRef(new Set<string>());
  useEffect(() => {
    // A permission changed in the site settings shows up when the user comes back to the page.
    const recheck = () => changed();
    window.addEventListener('focus', recheck);
    return () => window.removeEventListener('focus', recheck);
  }, []);
  useApiEvent('campaign/progress', (progress) => {
    if (!browserMode || !wanted || currentPermission() !== 'granted') return;
    if (!isNoticeWorthy(progress) || told.current.has(progress.campaignId)) return;
    told.current.add(progress.campaignId);
    const { campaignId } = progress;
    void api
      .call('campaigns/get', { campaignId })
      .then(
        (detail) => ({ name: detail.name, error: detail.error }),
        () => ({ name: campaignId, error: null }),
      )
      .then(({ name, error }) => {
        const notice = campaignNotice(progress, name, error);
        const notification = new Notification(notice.title, { body: notice.body, tag: campaignId });
        notification.onclick = () => {
          window.focus();
          navigate({ name: 'campaign', campaignId });
          notification.close();
        };
      });
  });
}
