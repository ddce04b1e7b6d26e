// The run form's Replication consumers: a plain target (a replicated lab's server, saved as any
// server would be) grouped with the lab's replica by URL; a URL that is not LDAP is refused beside
// the field, and the run with the replica's URL has a Replication lag panel for it.
import assert from 'node:assert/strict';
import test from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { openLdapAvailability } from '../../src/core/lab/openldap/install.ts';
import type { LabInfo } from '../../src/shared/labTypes.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall, openFinishedRun } from '../helpers/uiFlows.ts';
import type { Page } from 'playwright-core';

const availability = openLdapAvailability();

/** Starts an OpenLDAP lab with one replica through the API; the running lab. */
async function replicatedLab(page: Page): Promise<LabInfo> {
  await apiCall(page, 'lab/start', { kind: 'openldap', entries: 500, replicas: 1 });
  for (let waitedMs = 0; waitedMs < 120_000; waitedMs += 500) {
    const lab = (await apiCall(page, 'lab/list', undefined))[0];
    if (lab?.state === 'running') return lab;
    assert.notEqual(lab?.state, 'failed', JSON.stringify(lab));
    await delay(500);
  }
  throw new Error('the replicated lab did not start within 2 minutes');
}

test(
  'a target grouped with a consumer in the run form: a bad URL is refused beside the field, the run reports the consumer lag',
  { timeout: 240_000, skip: availability.available ? false : availability.detail },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    const lab = await replicatedLab(page);
    const replica = lab.replicas?.[0];
    assert.ok(replica !== undefined, 'the lab has a replica');
    // The lab's server as a plain saved target: only the form's consumers make it a supplier.
    const labTarget = (await apiCall(page, 'targets/list', undefined)).find(
      (target) => target.id === lab.targetId,
    );
    assert.ok(labTarget?.passwordFile, 'the lab target reads its password from a file');
    const supplier = await apiCall(page, 'targets/save', {
      name: 'Supplier',
      url: labTarget.url,
      startTls: false,
      bindDn: labTarget.bindDn,
      passwordFile: labTarget.passwordFile,
      baseDn: labTarget.baseDn,
    });

    await showRoute(page, '#/run');
    await page.getByLabel('Target', { exact: true }).selectOption(supplier.id);
    await page.getByLabel('Connections').fill('2');
    await page.getByLabel('Warm-up (s)').fill('0');
    await page.getByLabel('Duration (s)').fill('4');
    const consumers = page.getByLabel('Replication consumers');
    await consumers.fill(`${replica.url}\nhttp://${new URL(replica.url).host}`);
    await page.getByRole('button', { name: 'Start run' }).click();
    const error = page.locator('#run-replicaConsumers-error');
    await error.waitFor({ timeout: 5_000 });
    assert.match(await error.innerText(), /^Consumer 2 must be an LDAP URL like ldap:\/\//);
    assert.ok(
      await consumers.evaluate((el) => el === document.activeElement),
      'the field with the error has the focus',
    );
    const field = page.locator('.field').filter({ has: consumers });
    const errorBox = await field.boundingBox();
    assert.ok(errorBox);
    await saveScreenshot(page, 'run-form-replica-consumers-error.png', errorBox);

    await consumers.fill(replica.url);
    const box = await page.locator('.field').filter({ has: consumers }).boundingBox();
    const targetBox = await page.locator('.form-row-target').boundingBox();
    assert.ok(box && targetBox);
    await saveScreenshot(page, 'run-form-replica-consumers.png', {
      x: targetBox.x,
      y: targetBox.y,
      width: targetBox.width,
      height: box.y + box.height - targetBox.y,
    });
    await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByTestId('live-run').waitFor({ timeout: 30_000 });
    await openFinishedRun(page);

    const panel = page.getByTestId('replication-lag-panel');
    await panel.waitFor({ timeout: 30_000 });
    assert.deepEqual(
      await panel
        .getByTestId('replication-lag-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-url'))),
      [replica.url],
    );
    const p99Ms = Number(
      (await panel.getByTestId('replication-lag-p99').innerText()).replace(/,/g, ''),
    );
    assert.ok(p99Ms >= 0 && p99Ms < 2_500, `a healthy consumer's p99: ${p99Ms} ms`);
    await panel.scrollIntoViewIfNeeded();
    const panelBox = await panel.boundingBox();
    assert.ok(panelBox);
    await saveScreenshot(page, 'run-detail-replica-consumers.png', panelBox);
  },
);
