// Browser-mode campaign notifications against a real `dirbench serve`: the sidebar switch asks for
// the permission, a tiny campaign on an OpenLDAP lab (slapd started by the campaign) ends, and the
// web Notification it shows - recorded by wrapping window.Notification - names it with its cells;
// clicking it opens the campaign. A blocked permission is explained and leaves the switch off.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { matrixSpecFixture } from '../../src/core/testing/matrixSpecFixture.ts';
import type { MatrixSpec } from '../../src/shared/matrix.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall } from '../helpers/uiFlows.ts';

interface Recorded {
  title: string;
  body: string;
}

/** Wraps window.Notification so each one shown is kept in window.__notices (and can be clicked). */
function recordNotifications(permission: NotificationPermission | null): void {
  const Real = window.Notification;
  const shown: Notification[] = [];
  const notices: { title: string; body: string }[] = [];
  class Recording extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      notices.push({ title, body: options?.body ?? '' });
      shown.push(this);
    }
    static override get permission(): NotificationPermission {
      return permission ?? Real.permission;
    }
    static override requestPermission(): Promise<NotificationPermission> {
      return permission ? Promise.resolve(permission) : Real.requestPermission();
    }
  }
  Object.assign(window, { Notification: Recording, __notices: notices, __shown: shown });
}

function notices(page: Page): Promise<Recorded[]> {
  return page.evaluate(() => (window as unknown as { __notices: Recorded[] }).__notices);
}

const MATRIX = matrixSpecFixture({
  name: 'e2e-notify',
  warmupS: 1,
  durationS: 2,
}) as unknown as MatrixSpec;

test('a blocked notification permission is explained and the switch stays off', async (t) => {
  const { page } = await startUi(t);
  await page.addInitScript(recordNotifications, 'denied' as NotificationPermission);
  await page.reload();
  await waitReady(page);
  const toggle = page.getByRole('switch', { name: 'Notify me when a campaign finishes' });
  await toggle.click();
  await page.getByTestId('notify-note').waitFor();
  assert.equal(await toggle.isChecked(), false);
  assert.match(await page.getByTestId('notify-note').innerText(), /blocked for this page/);
});

test(
  'browser mode: a campaign that finishes shows a notification with its cells',
  { timeout: 240_000 },
  async (t) => {
    const { page, serve } = await startUi(t);
    await page.context().grantPermissions(['notifications'], { origin: new URL(serve.url).origin });
    await page.addInitScript(recordNotifications, null);
    await page.reload();
    await waitReady(page);

    const toggle = page.getByRole('switch', { name: 'Notify me when a campaign finishes' });
    assert.equal(await toggle.isChecked(), false);
    await toggle.click();
    await page.locator('[data-testid="notify-switch"]:checked').waitFor();
    assert.equal(await page.getByTestId('notify-note').count(), 0);

    const { campaignId } = await apiCall(page, 'campaigns/start', { spec: MATRIX });
    await page.emulateMedia({ colorScheme: 'dark' });
    await showRoute(page, `#/campaigns/${encodeURIComponent(campaignId)}`);
    await page.waitForFunction(
      () => (window as unknown as { __notices: unknown[] }).__notices.length > 0,
      undefined,
      { timeout: 200_000 },
    );
    assert.deepEqual(await notices(page), [
      { title: 'Campaign finished: e2e-notify', body: '1 of 1 cells done, none failed' },
    ]);
    await page.locator('[data-testid="campaign-cells"] tr[data-status="done"]').first().waitFor();
    await saveScreenshot(page, 'dark-campaign.png');

    // Clicking the notification brings the campaign up, from wherever the user is.
    await showRoute(page, '#/history');
    await page.evaluate(() => {
      const [shown] = (window as unknown as { __shown: Notification[] }).__shown;
      shown?.onclick?.(new Event('click'));
    });
    await page.waitForURL(new RegExp(`#/campaigns/${campaignId}$`));
  },
);
