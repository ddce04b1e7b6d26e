// Multi-step UI flows several tests share: a running lab's target, a finished run's detail page.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { showRoute } from './uiBrowser.ts';

/** Starts an OpenLDAP lab from the Labs screen and returns the id of the target the host adds for it. */
export async function startLabTarget(page: Page, entries: number): Promise<string> {
  await showRoute(page, '#/labs');
  await page.getByLabel('Entries').fill(String(entries));
  await page.getByRole('button', { name: 'Start OpenLDAP lab' }).click();
  await page.locator('[data-testid="lab-row"][data-state="running"]').waitFor({ timeout: 120_000 });
  await showRoute(page, '#/targets');
  const labTarget = page
    .locator('[data-testid="target-row"]')
    .filter({ has: page.locator('.tag-lab') });
  await labTarget.waitFor({ timeout: 15_000 });
  const targetId = await labTarget.getAttribute('data-target-id');
  assert.ok(targetId, 'the lab has a target');
  return targetId;
}

/** Waits for the live run to end, asserts it completed, opens the stored run; returns its id. */
export async function openFinishedRun(page: Page, timeoutMs = 60_000): Promise<string> {
  const outcome = page.getByTestId('run-outcome');
  await outcome.waitFor({ timeout: timeoutMs });
  assert.equal(await outcome.getAttribute('data-status'), 'completed', await outcome.innerText());
  await page.getByTestId('open-run-detail').click();
  const detail = page.getByTestId('run-detail');
  await detail.waitFor({ timeout: 15_000 });
  await page.locator('#root[data-ready="true"]').waitFor();
  const runId = await detail.getAttribute('data-run-id');
  assert.ok(runId);
  return runId;
}

/** A chart's count attribute (`data-points`, `data-target-points`, ...) as a number. */
export async function chartCount(
  page: Page,
  testId: string,
  attribute = 'data-points',
): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute(attribute));
}
