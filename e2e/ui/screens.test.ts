// Cold start and code splitting: the first screen loads at most 400 KB of script, ECharts and the
// other screens arrive when opened, and every screen opens without a console error or failed request.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../src/core/store/database.ts';
import { CampaignsRepo } from '../../src/core/store/campaignsRepo.ts';
import { matrixSpecFixture } from '../../src/core/testing/matrixSpecFixture.ts';
import { expandMatrixCells, validateMatrixSpec } from '../../src/shared/matrixSpec.ts';
import type { Route } from '../../src/renderer/hooks/useHashRoute.ts';
import { storeRuns } from '../helpers/baselineRuns.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';

/** The budget for the first screen's script, uncompressed. */
const FIRST_SCREEN_SCRIPT_BYTES = 400_000;

const RUN_IDS = ['run_split_a', 'run_split_b'];
const CAMPAIGN_ID = 'cmp_split';

/**
 * Every screen: its address, the chunk its code comes in, and whether it draws charts (screens
 * without charts first). A Record, so a new screen must be added here.
 */
const SCREENS: Record<Route['name'], { hash: string; chunk: string; charts?: true }> = {
  targets: { hash: '#/targets', chunk: 'TargetsView' },
  labs: { hash: '#/labs', chunk: 'LabsView' },
  agents: { hash: '#/agents', chunk: 'AgentsView' },
  history: { hash: '#/history', chunk: 'HistoryView' },
  matrix: { hash: '#/matrix', chunk: 'MatrixView' },
  campaigns: { hash: '#/campaigns', chunk: 'CampaignsView' },
  run: { hash: '#/run', chunk: 'RunView' },
  'run-detail': { hash: `#/runs/${RUN_IDS[0]}`, chunk: 'RunDetailView', charts: true },
  campaign: { hash: `#/campaigns/${CAMPAIGN_ID}`, chunk: 'CampaignView', charts: true },
  compare: { hash: `#/compare?runs=${RUN_IDS.join(',')}`, chunk: 'CompareView', charts: true },
  reference: { hash: '#/reference', chunk: 'ReferenceView', charts: true },
};

/** What the page fetched and what went wrong, from its first request on. */
interface Watch {
  /** Script URL -> its uncompressed bytes, in arrival order. */
  scripts: Map<string, Promise<number>>;
  errors: string[];
}

function watchPage(page: Page, watch: Watch): void {
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => watch.errors.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    watch.errors.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) watch.errors.push(`${response.status()}: ${response.url()}`);
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('javascript'))
      watch.scripts.set(
        response.url(),
        response.body().then((body) => body.length),
      );
  });
}

/** The file names of the scripts fetched so far (without their hashes' folder). */
function scriptNames(watch: Watch): string[] {
  return [...watch.scripts.keys()].map((url) => new URL(url).pathname.replace(/^.*\//, ''));
}

/** Two stored runs and a finished campaign whose two cells they measured. */
function seedStore(dbFile: string): void {
  storeRuns(dbFile, [
    { id: RUN_IDS[0] ?? '', opsPerSec: 1800, p99Us: 2100 },
    { id: RUN_IDS[1] ?? '', opsPerSec: 2400, p99Us: 1600, entries: 20_000 },
  ]);
  const spec = validateMatrixSpec(matrixSpecFixture({ name: 'Split', sizes: [10_000, 20_000] }));
  const db = openDatabase(dbFile);
  try {
    const campaigns = new CampaignsRepo(db);
    campaigns.create(CAMPAIGN_ID, spec, expandMatrixCells(spec));
    RUN_IDS.forEach((runId, index) => {
      campaigns.linkRun(runId, CAMPAIGN_ID, index);
      campaigns.setCell(CAMPAIGN_ID, index, 'done', runId, null);
    });
    campaigns.setStatus(CAMPAIGN_ID, 'completed');
  } finally {
    db.close();
  }
}

test(
  'cold start: the first screen within 400 KB of script, each screen and ECharts fetched when opened',
  { timeout: 120_000 },
  async (t) => {
    const watch: Watch = { scripts: new Map(), errors: [] };
    const { page, serve } = await startUi(t, (p) => watchPage(p, watch));
    await waitReady(page);

    const firstBytes = await Promise.all(watch.scripts.values());
    const firstTotal = firstBytes.reduce((sum, bytes) => sum + bytes, 0);
    const firstNames = scriptNames(watch);
    t.diagnostic(`first screen: ${firstTotal} bytes of script in ${firstNames.join(', ')}`);
    assert.ok(
      firstTotal <= FIRST_SCREEN_SCRIPT_BYTES,
      `the first screen loaded ${firstTotal} bytes of script (budget ${FIRST_SCREEN_SCRIPT_BYTES}): ${firstNames.join(', ')}`,
    );
    const firstChunk = `${SCREENS.targets.chunk}-`;
    assert.ok(
      firstNames.some((name) => name.startsWith(firstChunk)),
      firstNames.join(', '),
    );
    await saveScreenshot(page, 'first-screen.png');

    seedStore(join(serve.dataDir, 'dirbench.sqlite'));
    let chartsShown = false;
    for (const [name, screen] of Object.entries(SCREENS)) {
      // The cold start showed the first screen: opening it again changes nothing to wait for.
      if (name === 'targets') continue;
      const hasChunk = () => scriptNames(watch).some((file) => file.startsWith(`${screen.chunk}-`));
      assert.equal(hasChunk(), false, `${name}'s code was fetched before it was opened`);
      await showRoute(page, screen.hash);
      assert.ok(hasChunk(), `${name}'s code came in no ${screen.chunk} chunk`);
      assert.equal(await page.getByTestId('screen-error').count(), 0, `${name} shows a failure`);
      if (screen.charts) {
        await page.locator('[role="img"] canvas').first().waitFor();
        await saveScreenshot(page, `screen-${name}.png`);
      }
      // ECharts arrives with the first screen that draws a chart, never before.
      chartsShown ||= screen.charts === true;
      const charted = scriptNames(watch).some((file) => file.startsWith('echarts-'));
      assert.equal(charted, chartsShown, `ECharts fetched after opening ${name}`);
    }
    const allBytes = (await Promise.all(watch.scripts.values())).reduce((sum, n) => sum + n, 0);
    t.diagnostic(`every screen: ${allBytes} bytes of script in ${watch.scripts.size} files`);
    assert.deepEqual(watch.errors, []);
  },
);

test('a screen whose code cannot be fetched says so, and the other screens still open', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  await page.route('**/assets/LabsView-*.js', (route) => route.abort());
  await page.evaluate(() => (window.location.hash = '#/labs'));
  const failure = page.getByTestId('screen-error');
  await failure.waitFor();
  assert.match(await failure.innerText(), /Could not open Labs[\s\S]*LabsView-/);
  // The shell survived: another screen opens, and the failure does not follow it.
  await showRoute(page, '#/history');
  assert.equal(await failure.count(), 0);
});
