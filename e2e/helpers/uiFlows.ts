// Multi-step UI flows several tests share: a running lab's target, a finished run's detail page.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { ApiChannel, ApiRequest, ApiResponse } from '../../src/shared/api.ts';
import { storeRuns } from './baselineRuns.ts';
import type { StoredRunSpec } from './baselineRuns.ts';
import type { Ui } from './ui.ts';
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

/** Stores `runs` in the host's database and opens them in the compare view; returns its panel. */
export async function compareStoredRuns(
  { page, serve }: Ui,
  runs: readonly StoredRunSpec[],
): Promise<Locator> {
  storeRuns(join(serve.dataDir, 'dirbench.sqlite'), runs);
  await showRoute(page, `#/compare?runs=${runs.map((r) => r.id).join(',')}`);
  const panel = page.getByTestId('compare-panel');
  await panel.waitFor();
  return panel;
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

/** Calls the host's API from the page (its cookie carries the token); throws the host's error message. */
export async function apiCall<C extends ApiChannel>(
  page: Page,
  channel: C,
  req: ApiRequest<C>,
): Promise<ApiResponse<C>> {
  const body = await page.evaluate(
    async ([c, r]) => {
      const res = await fetch(`/api/${c}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ req: r }),
      });
      return (await res.json()) as { ok: boolean; res?: unknown; error?: { message: string } };
    },
    [channel, req] as const,
  );
  if (!body.ok) throw new Error(`${channel}: ${body.error?.message ?? 'failed'}`);
  return body.res as ApiResponse<C>;
}

/** Saves a target that nothing listens on, for screens that only need one to exist; returns its id. */
export async function addIdleTarget(page: Page, name = 'Idle target'): Promise<string> {
  const target = await apiCall(page, 'targets/save', {
    name,
    url: 'ldap://127.0.0.1:9',
    startTls: false,
    bindDn: 'cn=admin,o=Salford,c=gb',
    password: 'secret',
    baseDn: 'o=Salford,c=gb',
  });
  return target.id;
}

/** Opens the run form's custom operation, with an idle target to check it against. */
export async function openCustomOperation(page: Page): Promise<void> {
  await addIdleTarget(page);
  await showRoute(page, '#/run');
  await page.getByRole('button', { name: 'Custom operation' }).click();
}

/** Picks a workload in the run form's list and waits for its details card. */
export async function pickWorkload(page: Page, id: string): Promise<void> {
  await page.locator(`[role="option"][data-workload-id="${id}"]`).click();
  await page.locator(`[data-testid="workload-details"][data-workload-id="${id}"]`).waitFor();
}
