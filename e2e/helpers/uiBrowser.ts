// Headless Chromium for UI tests: a 1280x800 page, a trace that is kept only when the test fails.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from './uiServe.ts';

/** Where failing tests leave their trace and screenshot (gitignored). */
export const ARTIFACTS_DIR = join(REPO_ROOT, '.test-data', 'ui');

/** Where the README's screenshots go. */
export const SCREENSHOTS_DIR = join(REPO_ROOT, 'e2e', 'screenshots');

/** Chromium flags for these shared, offline machines. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A traced page; `finish` saves the trace and a screenshot when the test failed, then closes. */
export interface BrowserSession {
  browser: Browser;
  page: Page;
  /** Console and page errors seen so far. */
  errors: string[];
  finish: (passed: boolean, testName: string) => Promise<string | null>;
}

function safeName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').slice(0, 80);
}

/** Launches Chromium at `/usr/bin/chromium` and opens `url`. */
export async function launchPage(url: string): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const finish = async (passed: boolean, testName: string): Promise<string | null> => {
    let kept: string | null = null;
    if (passed) {
      await context.tracing.stop();
    } else {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      kept = join(ARTIFACTS_DIR, safeName(testName));
      await page.screenshot({ path: `${kept}.png` }).catch(() => undefined);
      await context.tracing.stop({ path: `${kept}-trace.zip` });
    }
    await browser.close();
    return kept;
  };
  await page.goto(url);
  return { browser, page, errors, finish };
}

/** Waits for `#root[data-ready=true]`: the current screen's data has loaded. */
export async function waitReady(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.locator('#root[data-ready="true"]').waitFor({ timeout: timeoutMs });
}

/** Goes to another hash route and waits until that screen says its data has loaded. */
export async function showRoute(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    document.getElementById('root')?.setAttribute('data-ready', 'false');
    window.location.hash = h;
  }, hash);
  await waitReady(page);
}

/** Saves a README screenshot of the viewport to e2e/screenshots. */
export async function saveScreenshot(page: Page, fileName: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const path = join(SCREENSHOTS_DIR, fileName);
  await page.screenshot({ path });
  return path;
}
