// The desktop menu's commands as the renderer carries them out, in a real Chromium against a real
// `dirbench serve`: the Electron preload's window.dirbenchDesktop is replaced by a stand-in that
// records what would reach the main process (native save dialog, error box).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../src/core/store/database.ts';
import type { DesktopCommand } from '../../src/shared/desktopCommands.ts';
import { seedRuns } from '../perf/history-seed.ts';
import { showRoute, startUi, waitReady } from '../helpers/ui.ts';

interface Recorded {
  saved: { name: string; bytes: number; head: string }[];
  errors: { title: string; message: string }[];
}

/** Installs the stand-in bridge before the app's scripts run (applies from the next load). */
async function installBridge(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const listeners: ((command: unknown) => void)[] = [];
    const recorded = { saved: [] as unknown[], errors: [] as unknown[] };
    Object.assign(window, {
      __desktop: { listeners, recorded },
      dirbenchDesktop: {
        onCommand(listener: (command: unknown) => void) {
          listeners.push(listener);
          return () => listeners.splice(listeners.indexOf(listener), 1);
        },
        async saveFile(name: string, bytes: Uint8Array) {
          const head = new TextDecoder().decode(bytes.slice(0, 40));
          recorded.saved.push({ name, bytes: bytes.byteLength, head });
          return `/home/user/Downloads/${name}`;
        },
        async showError(title: string, message: string) {
          recorded.errors.push({ title, message });
        },
      },
    });
  });
}

async function send(page: Page, command: DesktopCommand): Promise<void> {
  await page.evaluate((c) => {
    const desktop = (window as unknown as { __desktop: { listeners: ((c: unknown) => void)[] } })
      .__desktop;
    if (desktop.listeners.length !== 1) throw new Error(`${desktop.listeners.length} listeners`);
    desktop.listeners.forEach((l) => l(c));
  }, command);
}

async function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(
    () => (window as unknown as { __desktop: { recorded: Recorded } }).__desktop.recorded,
  );
}

/** Stores five runs through the store (the host has the same file open, WAL); one run's id. */
function seedFiveRuns(file: string): string {
  const db = openDatabase(file);
  try {
    seedRuns(db, 5, 3);
    return String(db.prepare('SELECT id FROM runs LIMIT 1').pluck().get());
  } finally {
    db.close();
  }
}

async function waitHash(page: Page, hash: string): Promise<void> {
  await page.waitForFunction((h) => window.location.hash === h, hash, { timeout: 10_000 });
}

test(
  'desktop menu commands: pages, search, import, stop, export',
  { timeout: 90_000 },
  async (t) => {
    const { page, serve } = await startUi(t);
    const runId = seedFiveRuns(join(serve.dataDir, 'dirbench.sqlite'));
    await installBridge(page);
    await page.reload();
    await waitReady(page);

    // View menu: a screen by its route.
    await send(page, { command: 'show', page: 'campaigns' });
    await waitHash(page, '#/campaigns');
    await send(page, { command: 'show', page: 'compare' });
    await waitHash(page, '#/compare?runs=');

    // Search History: the History screen with its search box focused.
    await send(page, { command: 'search-history' });
    await waitHash(page, '#/history');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'history-search',
      undefined,
      { timeout: 10_000 },
    );

    // Import Results…: History's import dialog, from another screen too.
    await send(page, { command: 'new-run' });
    await waitHash(page, '#/run');
    await send(page, { command: 'import' });
    await waitHash(page, '#/history');
    await page.getByRole('dialog', { name: 'Import results' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Stop Run and Export with nothing to act on: said in an error box, not silently dropped.
    await send(page, { command: 'stop-run' });
    await send(page, { command: 'export' });
    await page.waitForFunction(
      () =>
        (window as unknown as { __desktop: { recorded: Recorded } }).__desktop.recorded.errors
          .length === 2,
    );
    const { errors } = await recorded(page);
    assert.deepEqual(
      errors.map((e) => e.title),
      ['No run to stop', 'Nothing to export here'],
    );

    // Export on a run's page: the host's CSV goes to the native save dialog, not a browser download.
    await showRoute(page, `#/runs/${runId}`);
    await send(page, { command: 'export' });
    await page.waitForFunction(
      () =>
        (window as unknown as { __desktop: { recorded: Recorded } }).__desktop.recorded.saved
          .length === 1,
    );
    const [saved] = (await recorded(page)).saved;
    assert.match(saved?.name ?? '', /\.csv$/);
    assert.ok((saved?.bytes ?? 0) > 100, 'the CSV has its rows');
    assert.match(saved?.head ?? '', /^[a-zA-Z_]+,/, 'a CSV header');
  },
);
