// The suite tests what a user's `dirbench` runs: on a fresh clone (CI) that is the bundle `prepare`
// built, and this file fails when the launcher fell back to the sources there.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { traceModules } from '../../src/core/testing/moduleTrace.ts';
import { CLI } from './cliHarness.ts';

test(
  'on a fresh clone the launcher runs the bundle, and the bundle runs a command',
  { skip: process.env.CI !== 'true' && 'a working checkout may have edited sources: CI only' },
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dirbench-bundle-'));
    after(() => rmSync(dataDir, { recursive: true, force: true }));
    const { loaded, status, stdout, stderr } = traceModules(CLI, [
      'runs',
      'list',
      '--data-dir',
      dataDir,
    ]);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /No runs yet/);
    assert.ok(
      loaded.some((url) => url.endsWith('/dist/cli/dirbench.mjs')),
      'dist/cli/dirbench.mjs ran (npm ci runs prepare, which builds it)',
    );
    assert.equal(
      loaded.filter((url) => /\/src\/.*\.ts$/.test(url)).length,
      0,
      'no TypeScript source was loaded',
    );
  },
);
