// A throwaway tree of source files for the tests of the repository checks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestContext } from 'node:test';

/** Writes `files` (project-relative path to text) under a new temporary root, removed after `t`. */
export function tempTree(t: TestContext, files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'dirbench-tree-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
