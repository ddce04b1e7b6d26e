// UI test harness: a fresh `dirbench serve` plus a traced Chromium page, torn down in order.
import type { TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import { launchPage } from './uiBrowser.ts';
import type { BrowserSession } from './uiBrowser.ts';
import { startServe } from './uiServe.ts';
import type { ServeHandle } from './uiServe.ts';

export { downloadOf, saveScreenshot, showRoute, waitReady } from './uiBrowser.ts';

/** What a UI test gets: the page on the app and the host behind it. */
export interface Ui {
  page: Page;
  serve: ServeHandle;
}

/** `t.passed` exists at runtime (Node >= 21.7) but is missing from @types/node's TestContext. */
function testPassed(t: TestContext): boolean {
  return (t as TestContext & { readonly passed?: boolean }).passed === true;
}

/**
 * Starts the host on a fresh data folder and opens the app in it (`beforeOpen` sees the page before
 * it loads). After the test: trace and screenshot while the host still runs (kept only on failure),
 * then the host is stopped by PID.
 */
export async function startUi(t: TestContext, beforeOpen?: (page: Page) => void): Promise<Ui> {
  const serve = await startServe();
  let session: BrowserSession | null = null;
  t.after(async () => {
    try {
      const kept = await session?.finish(testPassed(t), t.fullName);
      if (kept) {
        const errors = session?.errors.join(' | ') || 'none';
        t.diagnostic(`kept ${kept}-trace.zip and ${kept}.png; page errors: ${errors}`);
        t.diagnostic(`serve output:\n${serve.output()}`);
      }
    } finally {
      await serve.stop();
    }
  });
  session = await launchPage(serve.url, beforeOpen);
  return { page: session.page, serve };
}
