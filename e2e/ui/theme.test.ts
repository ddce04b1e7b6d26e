// The dark theme against a real `dirbench serve`: it follows the OS's prefers-color-scheme, the
// sidebar's System / Light / Dark toggle overrides it and is remembered, charts are drawn on a dark
// background, and chart images exported from dark mode stay light unless dark ones are asked for.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { storeRuns } from '../helpers/baselineRuns.ts';
import { downloadOf, saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';

const DARK_BG = 'rgb(13, 19, 32)';
const LIGHT_BG = 'rgb(244, 246, 249)';
const CHART = 'throughput-chart';

function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/** The RGBA of a pixel near the top-left corner of the on-screen chart's canvas. */
function chartCorner(page: Page): Promise<number[]> {
  return page.evaluate((testId) => {
    const canvas = document.querySelector(`[data-testid="${testId}"] canvas`);
    if (!(canvas instanceof HTMLCanvasElement)) throw new Error('the chart has no canvas');
    const pixel = canvas.getContext('2d')?.getImageData(3, 3, 1, 1).data;
    return pixel ? Array.from(pixel) : [];
  }, CHART);
}

/** Clicks an export button and returns the downloaded bytes. */
async function exported(page: Page, kind: 'png' | 'svg'): Promise<Buffer> {
  return (await downloadOf(page, `${CHART}-export-${kind}`)).bytes;
}

/** The RGB of a PNG's top-left pixel, decoded by the browser. */
function pngCorner(page: Page, png: Buffer): Promise<number[]> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(bitmap, 0, 0);
    const pixel = context.getImageData(1, 1, 1, 1).data;
    return [pixel[0] ?? -1, pixel[1] ?? -1, pixel[2] ?? -1];
  }, png.toString('base64'));
}

test(
  'dark theme: follows the OS, the toggle overrides it, charts are dark, exports stay light',
  { timeout: 120_000 },
  async (t) => {
    const { page, serve } = await startUi(t);
    await page.emulateMedia({ colorScheme: 'dark' });
    await waitReady(page);
    storeRuns(join(serve.dataDir, 'dirbench.sqlite'), [
      { id: 'run_dark_1', opsPerSec: 1000, p99Us: 1500 },
      { id: 'run_dark_2', opsPerSec: 1400, p99Us: 1100, connections: 16 },
      { id: 'run_dark_3', opsPerSec: 1700, p99Us: 900, connections: 32 },
    ]);

    // The OS is dark and the toggle says System: the page is dark.
    await showRoute(page, '#/history');
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
    assert.equal(await pageBackground(page), DARK_BG);
    const system = page.getByRole('radio', { name: 'System' });
    assert.equal(await system.isChecked(), true);
    await page.locator('[data-testid="history-row"], tbody tr').first().waitFor();
    await saveScreenshot(page, 'dark-history.png');

    // Charts use the dark background, not a white box on a dark page.
    await showRoute(page, '#/runs/run_dark_2');
    const chart = page.locator(`[data-testid="${CHART}"][data-chart-theme="dark"]`);
    await chart.waitFor();
    await page.locator(`[data-testid="${CHART}"]:not([data-points="0"])`).waitFor();
    assert.deepEqual(await chartCorner(page), [22, 29, 43, 255]);
    await saveScreenshot(page, 'dark-run-detail.png');

    // Exports from dark mode are light: the SVG on white, the PNG's corner white.
    const svg = (await exported(page, 'svg')).toString('utf8');
    assert.match(svg, /fill="#ffffff"|fill="rgb\(255,255,255\)"|fill="white"/i);
    assert.doesNotMatch(svg, /#161d2b/i);
    assert.deepEqual(await pngCorner(page, await exported(page, 'png')), [255, 255, 255]);

    // Asked for, dark images are dark.
    await page.getByRole('switch', { name: 'Dark chart images' }).check();
    const darkSvg = (await exported(page, 'svg')).toString('utf8');
    assert.match(darkSvg, /#161d2b|rgb\(22,29,43\)/i);
    await page.getByRole('switch', { name: 'Dark chart images' }).uncheck();

    await showRoute(page, '#/compare?runs=run_dark_1,run_dark_2,run_dark_3');
    await page.locator('canvas').first().waitFor();
    await saveScreenshot(page, 'dark-compare.png');
    await showRoute(page, '#/campaigns');
    await saveScreenshot(page, 'dark-campaigns.png');

    // Keyboard: from System, arrow keys move the choice to Light, which overrides the dark OS.
    await system.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('radio', { name: 'Light' }).isChecked(), true);
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'light');
    assert.equal(await pageBackground(page), LIGHT_BG);

    // Remembered across a reload, the OS still dark.
    await page.reload();
    await waitReady(page);
    assert.equal(await pageBackground(page), LIGHT_BG);
    assert.equal(await page.getByRole('radio', { name: 'Light' }).isChecked(), true);
    assert.equal(await page.evaluate(() => localStorage.getItem('dirbench.theme')), 'light');

    // A light OS with Dark chosen is dark; back to System, it follows the OS again.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByText('Dark', { exact: true }).click();
    assert.equal(await pageBackground(page), DARK_BG);
    await showRoute(page, '#/runs/run_dark_2');
    await chart.waitFor();
    assert.deepEqual(await chartCorner(page), [22, 29, 43, 255]);
    await page.getByText('System', { exact: true }).click();
    assert.equal(await pageBackground(page), LIGHT_BG);
    await page.locator(`[data-testid="${CHART}"][data-chart-theme="light"]`).waitFor();
    // Light charts draw no background: the white card shows through.
    assert.equal((await chartCorner(page))[3], 0);
  },
);
