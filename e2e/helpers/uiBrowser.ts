// Headless Chromium for UI tests: a 1280x800 page, a trace that is kept only when the test fails.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Download, Page } from 'playwright-core';
import { REPO_ROOT } from './uiServe.ts';

/** Where failing tests leave their trace and screenshot (gitignored). */
export const ARTIFACTS_DIR = join(REPO_ROOT, '.test-data', 'ui');

/** Where the README's screenshots live (tracked): written only when DIRBENCH_SCREENSHOTS is set. */
const README_SCREENSHOTS_DIR = join(REPO_ROOT, 'e2e', 'screenshots');

/** Where a test run's screenshots go otherwise (gitignored), to look at after the run. */
export const RUN_SCREENSHOTS_DIR = join(ARTIFACTS_DIR, 'screenshots');

/** Environment variable that makes the UI tests rewrite the README's screenshots (`npm run screenshots`). */
export const SCREENSHOTS_ENV = 'DIRBENCH_SCREENSHOTS';

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

/**
 * Launches Chromium at `/usr/bin/chromium` and opens `url`; `beforeOpen` may attach listeners to the
 * page first (to see every request of the cold start).
 */
export async function launchPage(
  url: string,
  beforeOpen?: (page: Page) => void,
): Promise<BrowserSession> {
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
  beforeOpen?.(page);
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

/** True when this run rewrites the README's screenshots: DIRBENCH_SCREENSHOTS set, and not to 0 or false. */
export function rewritingReadmeScreenshots(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[SCREENSHOTS_ENV];
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** Part of the page to keep, in CSS pixels (the whole viewport when absent). */
export interface ScreenshotClip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Saves a screenshot of the viewport (or of `clip`) as `fileName`: into e2e/screenshots, the README's
 * pictures, only when asked (`npm run screenshots`); otherwise into .test-data/ui/screenshots, so a
 * test run never rewrites a tracked file. Returns the path written.
 */
export async function saveScreenshot(
  page: Page,
  fileName: string,
  clip?: ScreenshotClip,
): Promise<string> {
  const dir = rewritingReadmeScreenshots() ? README_SCREENSHOTS_DIR : RUN_SCREENSHOTS_DIR;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, fileName);
  await page.screenshot(clip === undefined ? { path } : { path, clip });
  return path;
}

/** Clicks the element with `testId` and returns the bytes of the download it starts, with its suggested name. */
export async function downloadOf(
  page: Page,
  testId: string,
): Promise<{ name: string; bytes: Buffer }> {
  const [file] = (await Promise.all([
    page.waitForEvent('download', { timeout: 15_000 }),
    page.getByTestId(testId).click(),
  ])) as [Download, void];
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}
