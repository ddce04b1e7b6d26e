// Product code reads no test hook: a DIRBENCH_TEST_* variable may be named only by tests
// (*.test.ts, src/core/testing/, e2e/), which pass test behaviour in as options instead.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readImportGraph } from './importGraph.ts';
import { tempTree } from './tempTree.ts';

const ROOT = join(import.meta.dirname, '..');
const HOOK = /DIRBENCH_TEST_/;

/** The product files under `root`'s src/ and electron/ that name a DIRBENCH_TEST_ variable. */
function productFilesNamingHooks(root: string): string[] {
  const files = [...readImportGraph(root, ['src', 'electron']).keys()];
  return files.filter(
    (file) =>
      !file.endsWith('.test.ts') &&
      !file.startsWith('src/core/testing/') &&
      HOOK.test(readFileSync(join(root, file), 'utf8')),
  );
}

test('a product file naming DIRBENCH_TEST_ is found; tests and src/core/testing/ may', (t) => {
  const root = tempTree(t, {
    'src/core/loadgen/clock.ts': "export const skew = process.env['DIRBENCH_TEST_SKEW_MS'];\n",
    'src/core/loadgen/clock.test.ts': "process.env.DIRBENCH_TEST_SKEW_MS = '1';\n",
    'src/core/testing/fake.ts': "export const on = process.env.DIRBENCH_TEST_X === '1';\n",
    'electron/main.ts': 'export const plain = 1;\n',
  });
  assert.deepEqual(productFilesNamingHooks(root), ['src/core/loadgen/clock.ts']);
});

test('no product file in this repository names a DIRBENCH_TEST_ variable', () => {
  assert.deepEqual(productFilesNamingHooks(ROOT), []);
});
