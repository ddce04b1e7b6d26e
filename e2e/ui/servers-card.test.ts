// The run detail of a run on two servers: the Servers card lists each one's connections, ops,
// share, p99 and errors, and says how the connections were spread.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { TestContext } from 'node:test';
import { startResponder } from '../../src/core/responder/responder.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall, openFinishedRun } from '../helpers/uiFlows.ts';

/** Two responders saved as targets "Replica east" and "Replica west", and the app; all stopped after `t`. */
async function twoServers(t: TestContext) {
  const a = await startResponder({ answerDelayMs: 1 });
  const b = await startResponder({ answerDelayMs: 1 });
  t.after(async () => {
    await a.close();
    await b.close();
  });
  const { page } = await startUi(t);
  await waitReady(page);
  const save = (name: string, url: string) =>
    apiCall(page, 'targets/save', { name, url, startTls: false, bindDn: '', baseDn: a.baseDn });
  return {
    page,
    a,
    b,
    first: await save('Replica east', a.url),
    second: await save('Replica west', b.url),
  };
}

test('a run on two servers shows each server in the Servers card', async (t) => {
  const { page, a, b, first, second } = await twoServers(t);
  const { runId } = await apiCall(page, 'runs/start', {
    targetId: first.id,
    moreTargetIds: [second.id],
    workload: 'read-random',
    connections: 4,
    depth: 1,
    warmupS: 0,
    durationS: 2,
    workers: 2,
  });
  await showRoute(page, `#/runs/${runId}`);
  const card = page.getByTestId('servers-panel');
  // The detail page shows the stored run once it has ended.
  await card.waitFor({ timeout: 30_000 });
  assert.match(await card.innerText(), /connections spread round-robin/);
  const rows = card.getByTestId('server-row');
  assert.deepEqual(
    await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-url'))),
    [a.url, b.url],
  );
  assert.deepEqual(await card.getByTestId('server-connections').allInnerTexts(), ['2', '2']);
  assert.deepEqual(await card.getByTestId('server-errors').allInnerTexts(), ['0', '0']);
  assert.match(await rows.first().innerText(), /Replica east/);
  for (const ops of await card.getByTestId('server-ops').allInnerTexts())
    assert.ok(Number(ops.replace(/,/g, '')) > 100, ops);

  // Each server's line in the throughput chart under the table.
  const chart = card.getByTestId('servers-chart');
  assert.ok(Number(await chart.getAttribute('data-points')) >= 2);

  // The card alone, for a person to look at.
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  assert.ok(box);
  await saveScreenshot(page, 'run-detail-servers.png', box);
});

test('the run form shares a run between the target and the servers ticked under More servers', async (t) => {
  const { page, first } = await twoServers(t);
  await showRoute(page, '#/run');
  await page.getByLabel('Target', { exact: true }).selectOption(first.id);
  // The chosen target is not offered again; ticking another one offers the spread.
  const choices = page.getByTestId('run-more-targets');
  const offered = await choices.locator('label').allInnerTexts();
  assert.equal(offered.length, 1, offered.join(' | '));
  assert.match(offered[0] ?? '', /^Replica west\s*ldap:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(await page.getByRole('radio', { name: 'Failover' }).count(), 0);
  await choices.getByRole('checkbox').check();
  await page.getByRole('radio', { name: 'Failover' }).check();
  await page.getByLabel('Connections').fill('3');
  await page.getByLabel('Warm-up (s)').fill('0');
  await page.getByLabel('Duration (s)').fill('2');
  const form = page.locator('form');
  await form.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'run-form-more-servers.png');
  await page.getByRole('button', { name: 'Start run' }).click();
  // Live: each server's part of the newest second.
  const live = page.getByTestId('live-servers-panel');
  await live.waitFor({ timeout: 30_000 });
  assert.match(await live.innerText(), /\(failover\)/);
  assert.equal(await live.getByTestId('live-server-row').count(), 2);
  await live.scrollIntoViewIfNeeded();
  const liveBox = await live.boundingBox();
  if (liveBox) await saveScreenshot(page, 'live-servers.png', liveBox);
  await openFinishedRun(page, 30_000);
  const card = page.getByTestId('servers-panel');
  assert.match(await card.innerText(), /failover/);
  // Failover: every connection on the first server while it answers.
  assert.deepEqual(await card.getByTestId('server-connections').allInnerTexts(), ['3', '0']);
});
