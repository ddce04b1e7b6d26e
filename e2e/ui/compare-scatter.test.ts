// The latency-throughput scatter in the compare view: two servers swept over connections, a point per
// run in each server's colour, the Figure picker offering latencies only, and a tooltip naming the run.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Locator } from 'playwright-core';
import { colorsOfServers } from '../../src/shared/charts/serverColors.ts';
import type { StoredRunSpec } from '../helpers/baselineRuns.ts';
import { saveScreenshot, startUi, waitReady } from '../helpers/ui.ts';
import { compareStoredRuns } from '../helpers/uiFlows.ts';

/** Connections swept, and each server's ops/s and p99 (us) there: both flatten, then latency climbs. */
const SWEEP = [1, 2, 4, 8, 16, 32, 64];
const FIGURES = {
  openldap: {
    server: { lab: 'openldap', vendorName: 'OpenLDAP', vendorVersion: 'OpenLDAP 2.5.13+dfsg-5' },
    opsPerSec: [3900, 7600, 14800, 22500, 24200, 24500, 24300],
    p99Us: [700, 750, 820, 1100, 2600, 5200, 10800],
  },
  '389ds': {
    server: {
      lab: '389ds',
      vendorName: '389 Project',
      vendorVersion: '389-Directory/2.3.1 B2025.016.1616',
    },
    opsPerSec: [2600, 5100, 9800, 15500, 17200, 17600, 17400],
    p99Us: [900, 950, 1050, 1500, 3400, 7100, 14500],
  },
} as const;

const RUNS: StoredRunSpec[] = Object.entries(FIGURES).flatMap(([name, figures]) =>
  SWEEP.map((connections, i) => ({
    id: `run_${name}_${connections}`,
    connections,
    opsPerSec: figures.opsPerSec[i] as number,
    p99Us: figures.p99Us[i] as number,
    server: figures.server,
  })),
);

/** `#rrggbb` as red, green and blue. */
function rgbOf(color: string): number[] {
  const value = parseInt(color.slice(1), 16);
  return [value >> 16, (value >> 8) & 0xff, value & 0xff];
}

/** The page position of the rightmost marker of colour `rgb` below the legend (a scan of the canvas). */
async function rightmostMarker(chart: Locator, rgb: number[]): Promise<{ x: number; y: number }> {
  const at = await chart.evaluate((el, target) => {
    const canvas = el.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return null;
    const { width, height } = canvas;
    const scale = width / canvas.clientWidth;
    const pixels = context.getImageData(0, 0, width, height).data;
    let best: { x: number; y: number } | null = null;
    for (let y = Math.round(40 * scale); y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const distance = [0, 1, 2].reduce(
          (sum, c) => sum + Math.abs((pixels[i + c] ?? 0) - (target[c] ?? 0)),
          0,
        );
        // The canvas is clear behind the chart: a marker's pixels are its colour at 85% opacity.
        const marker = distance < 12 && (pixels[i + 3] ?? 0) > 200;
        if (marker && (best === null || x > best.x)) best = { x, y };
      }
    return best && { x: best.x / scale, y: best.y / scale };
  }, rgb);
  assert.ok(at, `no marker of rgb(${rgb.join(', ')}) on the chart`);
  const box = await chart.boundingBox();
  assert.ok(box);
  // The scan found the marker's right edge: its centre is a few pixels left.
  return { x: box.x + at.x - 3, y: box.y + at.y };
}

test('compare: the latency-throughput scatter of two servers swept over connections', async (t) => {
  const ui = await startUi(t);
  const { page } = ui;
  await waitReady(page);
  const panel = await compareStoredRuns(ui, RUNS);
  await page.getByRole('radio', { name: 'Latency vs ops/s' }).check();
  // A series per server, a point per run.
  const chart = page.locator('[data-testid="compare-chart"][data-series="2"][data-points="14"]');
  await chart.waitFor();
  assert.equal(await panel.getAttribute('data-chart'), 'scatter');
  const title = panel.locator('.chart-header h3');
  assert.equal(await title.innerText(), 'p99 latency (ms) against ops/s, one point per run');

  // The Figure picker shows the p99 drawn and offers the latencies only.
  const figure = page.getByTestId('compare-figure');
  assert.equal(await figure.inputValue(), 'p99Us');
  assert.deepEqual(await figure.locator('option').allInnerTexts(), [
    'p50 latency (ms)',
    'p90 latency (ms)',
    'p99 latency (ms)',
    'p99.9 latency (ms)',
    'mean latency (ms)',
  ]);

  await saveScreenshot(page, 'compare-scatter.png');

  // OpenLDAP's fastest run is its rightmost point, in the colour every chart gives OpenLDAP.
  const colors = colorsOfServers(['389 DS 2.3.1', 'OpenLDAP 2.5.13']);
  const point = await rightmostMarker(chart, rgbOf(colors.get('OpenLDAP 2.5.13') ?? ''));
  await page.mouse.move(point.x, point.y);
  const tooltip = page.getByText('run run_openldap_32');
  await tooltip.waitFor();
  const text = await page.locator('div', { has: tooltip }).last().innerText();
  for (const words of [
    'OpenLDAP 2.5.13',
    'read-random · 10K entries · 32 connections',
    '24,500 ops/s',
    'p99 5.20 ms',
  ])
    assert.ok(text.includes(words), `${words} in ${text}`);
  await saveScreenshot(page, 'compare-scatter-tooltip.png');

  // Another percentile redraws the same points against it.
  await figure.selectOption('p50Us');
  await page.getByText('p50 latency (ms) against ops/s, one point per run').waitFor();
  await chart.waitFor();
});
