// A replicated lab in the UI: the lab card names its replica, and the detail of a run against it
// has a Replication lag panel (each consumer's p50, p99 and max, and the p99 of each second).
import assert from 'node:assert/strict';
import test from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { openLdapAvailability } from '../../src/core/lab/openldap/install.ts';
import { processAlive } from '../../src/core/lab/processes.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall } from '../helpers/uiFlows.ts';

const availability = openLdapAvailability();

test(
  'a run against a lab with a replica shows its lag; the lab card lists the replica',
  { timeout: 180_000, skip: availability.available ? false : availability.detail },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    // Started from the Labs form with one replica.
    await showRoute(page, '#/labs');
    await page.getByLabel('Entries').fill('500');
    const replicas = page.getByRole('group', { name: 'Replicas' });
    await replicas.getByRole('radio', { name: '1' }).check();
    const form = page.locator('form').filter({ has: replicas });
    await form.scrollIntoViewIfNeeded();
    const formBox = await form.boundingBox();
    assert.ok(formBox);
    await saveScreenshot(page, 'labs-start-replicas.png', formBox);
    await page.getByRole('button', { name: 'Start OpenLDAP lab' }).click();
    await page
      .locator('[data-testid="lab-row"][data-state="running"]')
      .waitFor({ timeout: 120_000 });
    const [lab] = await apiCall(page, 'lab/list', undefined);
    const labId = lab?.id ?? '';
    assert.ok(lab?.state === 'running' && lab.targetId !== null, JSON.stringify(lab));
    const replica = lab.replicas?.[0];
    assert.ok(replica?.pid, 'the lab has a running replica');
    t.after(() => {
      if (replica.pid !== null && processAlive(replica.pid)) process.kill(replica.pid, 'SIGCONT');
    });

    const { runId } = await apiCall(page, 'runs/start', {
      targetId: lab.targetId,
      workload: 'salford/M.1',
      connections: 2,
      depth: 1,
      warmupS: 0,
      durationS: 6,
      targetOpsPerSec: 50,
    });
    // The replica misses two seconds of changes in the middle of the run; the live view shows its
    // lag growing meanwhile.
    await showRoute(page, '#/run');
    const live = page.getByTestId('live-replication-lag-panel');
    await live.waitFor({ timeout: 15_000 });
    await delay(1_000);
    process.kill(replica.pid, 'SIGSTOP');
    await delay(2_000);
    const lagNow = live.getByTestId('live-replication-lag-row').locator('td.num');
    const nowMs = Number((await lagNow.innerText()).replace(/,/g, ''));
    assert.ok(nowMs >= 1_000, `lag now ${nowMs} ms, 2 s into the stop`);
    await live.scrollIntoViewIfNeeded();
    const liveBox = await live.boundingBox();
    assert.ok(liveBox);
    await saveScreenshot(page, 'run-live-replication-lag.png', liveBox);
    process.kill(replica.pid, 'SIGCONT');

    await showRoute(page, `#/runs/${runId}`);
    const panel = page.getByTestId('replication-lag-panel');
    await panel.waitFor({ timeout: 60_000 });
    const rows = panel.getByTestId('replication-lag-row');
    assert.deepEqual(
      await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-url'))),
      [replica.url],
    );
    const p99 = Number(
      (await panel.getByTestId('replication-lag-p99').innerText()).replace(/,/g, ''),
    );
    assert.ok(p99 >= 1_500, `p99 ${p99} ms after a 2 s stop`);
    assert.equal(
      await panel.getByTestId('replication-lag-method').innerText(),
      'polling every 100 ms',
    );
    const chart = panel.getByTestId('replication-lag-chart');
    assert.ok(Number(await chart.getAttribute('data-points')) >= 5, 'a point per second');
    const byRate = panel.getByTestId('replication-lag-rate-chart');
    assert.ok(Number(await byRate.getAttribute('data-points')) >= 5, 'a dot per second');
    await panel.scrollIntoViewIfNeeded();
    const box = await panel.boundingBox();
    assert.ok(box);
    await saveScreenshot(page, 'run-detail-replication-lag.png', box);

    await showRoute(page, '#/labs');
    const row = page.locator(`[data-testid="lab-row"][data-lab-id="${labId}"]`);
    assert.match(await row.getByTestId('lab-replicas').innerText(), /\+1 replica/i);
    await page.getByRole('button', { name: `Details of lab ${labId}` }).click();
    const list = page.getByTestId('lab-replica-list');
    assert.match(await list.innerText(), new RegExp(`${replica.url}[\\s\\S]*PID ${replica.pid}`));
    const details = page.getByTestId('lab-details');
    await details.scrollIntoViewIfNeeded();
    const detailsBox = await details.boundingBox();
    assert.ok(detailsBox);
    await saveScreenshot(page, 'labs-replicas.png', detailsBox);
  },
);
