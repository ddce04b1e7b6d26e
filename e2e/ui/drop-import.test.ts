// Drag-and-drop import against a real `dirbench serve`: real drops (a DataTransfer holding a File)
// of peer tools' CSV output, a matrix JSON, a workload JSON and a file that is none of them; each
// shows what was imported, or says what was wrong with the file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { READ_RANDOM } from '../../src/core/workload/builtin.ts';
import { matrixSpecFixture } from '../../src/core/testing/matrixSpecFixture.ts';
import type { MatrixSpec } from '../../src/shared/matrix.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall } from '../helpers/uiFlows.ts';

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url), 'utf8');
}

/** Drags a file named `name` holding `text` over the main pane (leaving it there, undropped). */
async function dragOver(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(
    ([fileName, body]) => {
      const data = new DataTransfer();
      data.items.add(new File([body], fileName));
      Object.assign(window, { __drag: data });
      const main = document.querySelector('.main');
      for (const type of ['dragenter', 'dragover'])
        main?.dispatchEvent(
          new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }),
        );
    },
    [name, text] as const,
  );
}

/** Drops what dragOver is holding. */
async function drop(page: Page): Promise<void> {
  await page.evaluate(() => {
    const data = (window as unknown as { __drag: DataTransfer }).__drag;
    document
      .querySelector('.main')
      ?.dispatchEvent(
        new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }),
      );
  });
}

async function dropFile(page: Page, name: string, text: string): Promise<void> {
  await dragOver(page, name, text);
  await drop(page);
}

const MATRIX = matrixSpecFixture({ name: 'dropped-matrix' }) as unknown as MatrixSpec;

test('dropping files imports runs, matrices and workloads, and refuses anything else', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  await showRoute(page, '#/history');

  // While a file is over the window an overlay says what can be dropped.
  await dragOver(page, 'searchrate.csv', fixture('searchrate-base-reads.csv'));
  const overlay = page.getByTestId('drop-overlay');
  await overlay.waitFor();
  assert.match(await overlay.innerText(), /Drop to import[\s\S]*searchrate --csv/);
  await saveScreenshot(page, 'drop-overlay.png');
  await drop(page);
  await overlay.waitFor({ state: 'detached' });

  // A searchrate CSV becomes a run, shown at once.
  await page.waitForURL(/#\/runs\/.+/);
  await waitReady(page);
  assert.match(
    await page.getByTestId('drop-notice').innerText(),
    /Imported "searchrate\.csv" as a run/,
  );
  const runId = decodeURIComponent(page.url().split('#/runs/')[1] ?? '');
  const run = await apiCall(page, 'history/get', { runId });
  assert.equal(run.config.targetName, 'searchrate.csv (imported)');

  // An OpenDJ CSV too, told apart by its header.
  await dropFile(page, 'opendj-reads.csv', fixture('opendj-base-reads.csv'));
  await page.waitForURL((url) => url.hash.startsWith('#/runs/') && !url.hash.endsWith(runId));
  assert.match(await page.getByTestId('drop-notice').innerText(), /opendj-reads\.csv/);

  // A file that is none of the kinds is refused by name, listing what is accepted.
  await dropFile(page, 'notes.txt', 'hello, world\nsecond line\n');
  const error = page.getByTestId('drop-error');
  await error.waitFor();
  assert.match(await error.innerText(), /^"notes\.txt" cannot be imported: its first line/);
  assert.match(
    await error.innerText(),
    /OpenDJ searchrate\/addrate\/modrate.*matrix JSON or a workload JSON/,
  );
  await saveScreenshot(page, 'drop-refused.png');

  // A matrix JSON is saved and opened in the builder.
  await dropFile(page, 'nightly.json', JSON.stringify(MATRIX, null, 2));
  await page.waitForURL(/#\/matrix\?id=user%2Fdropped-matrix$/);
  await waitReady(page);
  assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'dropped-matrix');
  assert.equal(await page.getByTestId('drop-error').count(), 0);

  // Dropped again it would replace the saved one: the app asks first.
  await showRoute(page, '#/history');
  await dropFile(page, 'nightly.json', JSON.stringify({ ...MATRIX, durationS: 3 }));
  const confirm = page.getByTestId('drop-confirm');
  await confirm.waitFor();
  assert.match(
    await confirm.innerText(),
    /A matrix named user\/dropped-matrix is already saved\. Replace it/,
  );
  await saveScreenshot(page, 'drop-confirm.png');
  await page.getByRole('button', { name: 'Replace', exact: true }).click();
  await page.waitForURL(/#\/matrix\?id=user%2Fdropped-matrix$/);
  const saved = await apiCall(page, 'matrix/get', { id: 'user/dropped-matrix' });
  assert.equal(saved.durationS, 3);

  // A workload JSON is saved under user/NAME, ready on the Run screen.
  await dropFile(page, 'reads.json', JSON.stringify({ ...READ_RANDOM, id: 'dropped-read' }));
  await page.waitForURL(/#\/run$/);
  assert.match(await page.getByTestId('drop-notice').innerText(), /as user\/dropped-read/);
  const workloads = await apiCall(page, 'workloads/list', undefined);
  assert.ok(workloads.some((w) => w.id === 'user/dropped-read'));
});
