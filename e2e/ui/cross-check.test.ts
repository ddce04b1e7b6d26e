// The run detail's server cross-check: the lab server's counts beside the client's, or nothing.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Page } from 'playwright-core';
import type { RunDetail } from '../../src/shared/types.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { syntheticCrossCheckRun, syntheticLegacyRun } from '../helpers/syntheticRun.ts';

/** Answers `history/get` with `run` instead of asking the host. */
async function showRun(page: Page, run: RunDetail): Promise<void> {
  await page.route('**/api/history/get', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ok: true, res: run }),
    }),
  );
  await showRoute(page, `#/runs/${run.id}`);
  await page.getByTestId('run-detail').waitFor();
}

test('a lab run shows the server cross-check by operation kind', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  const run = syntheticCrossCheckRun();
  await showRun(page, run);

  const card = page.getByTestId('server-cross-check');
  const kinds = await card
    .getByTestId('cross-check-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
  assert.deepEqual(kinds, ['search', 'delete', 'modify', 'bind', 'unbind']);
  const served = run.summary?.serverOperations ?? {};
  const text = (id: string) => card.getByTestId(id).innerText();
  assert.equal(
    await text('cross-check-server-search'),
    (served['search'] ?? 0).toLocaleString('en-US'),
  );
  assert.equal(
    await text('cross-check-client-search'),
    ((served['search'] ?? 0) - 14).toLocaleString('en-US'),
  );
  assert.equal(await text('cross-check-client-bind'), '—');
  assert.match(await card.innerText(), /each connection's bind/);
  assert.match(await card.innerText(), /removing what the run added/);
  assert.match(await card.innerText(), /include warm-up and cool-down/);
  const verdict = card.getByTestId('cross-check-verdict');
  assert.equal(await verdict.getAttribute('data-agree'), 'true');
  assert.match(await verdict.innerText(), /agree: 0\.03% apart/);

  // The card with a margin of the page around it, for a person to look at.
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  assert.ok(box);
  await saveScreenshot(page, 'run-detail-cross-check.png', {
    x: box.x - 16,
    y: box.y - 14,
    width: box.width + 32,
    height: box.height + 28,
  });
});

test('a run without server counts shows no cross-check', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  await showRun(page, syntheticLegacyRun());
  assert.equal(await page.getByTestId('server-cross-check').count(), 0);
});
