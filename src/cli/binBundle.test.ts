import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));

/** A copy of the package's layout: bin.mjs, a sources entry and a bundle, each saying which it is. */
let root = '';

/** Sets a file's modification time `ageS` seconds into the past. */
function age(file: string, ageS: number): void {
  const when = new Date(Date.now() - ageS * 1000);
  utimesSync(join(root, file), when, when);
}

/** Which entry `dirbench ARGS` ran: 'bundle' or 'sources'. */
function entryRun(): string {
  const result = spawnSync(process.execPath, [join(root, 'src/cli/bin.mjs'), 'runs', 'list'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim();
}

before(() => {
  root = mkdtempSync(join(tmpdir(), 'dirbench-bin-'));
  mkdirSync(join(root, 'src/cli'), { recursive: true });
  mkdirSync(join(root, 'dist/cli'), { recursive: true });
  copyFileSync(BIN, join(root, 'src/cli/bin.mjs'));
  writeFileSync(join(root, 'package.json'), '{"version": "9.9.9"}\n');
  writeFileSync(join(root, 'src/cli/main.ts'), "process.stdout.write('sources\\n');\n");
  writeFileSync(join(root, 'src/cli/helper.ts'), 'export {};\n');
  writeFileSync(join(root, 'dist/cli/dirbench.mjs'), "process.stdout.write('bundle\\n');\n");
  writeFileSync(
    join(root, 'dist/cli/inputs.json'),
    JSON.stringify(['src/cli/main.ts', 'src/cli/helper.ts']),
  );
});
after(() => rmSync(root, { recursive: true, force: true }));

test('bin.mjs runs the bundle while every source it was built from is older', () => {
  age('src/cli/main.ts', 60);
  age('src/cli/helper.ts', 60);
  age('dist/cli/dirbench.mjs', 10);
  assert.equal(entryRun(), 'bundle');
});

test('bin.mjs runs the sources once any source is newer than the bundle', () => {
  age('src/cli/main.ts', 60);
  age('src/cli/helper.ts', 1);
  age('dist/cli/dirbench.mjs', 10);
  assert.equal(entryRun(), 'sources');
});

test('bin.mjs runs the sources when a source the bundle lists is gone', () => {
  rmSync(join(root, 'src/cli/helper.ts'));
  age('src/cli/main.ts', 60);
  age('dist/cli/dirbench.mjs', 10);
  try {
    assert.equal(entryRun(), 'sources');
  } finally {
    writeFileSync(join(root, 'src/cli/helper.ts'), 'export {};\n');
  }
});

test('bin.mjs runs the sources when there is no bundle list', () => {
  rmSync(join(root, 'dist/cli/inputs.json'));
  age('src/cli/main.ts', 60);
  age('src/cli/helper.ts', 60);
  age('dist/cli/dirbench.mjs', 10);
  assert.equal(entryRun(), 'sources');
});

test('bin.mjs answers --version itself from package.json', () => {
  const result = spawnSync(process.execPath, [join(root, 'src/cli/bin.mjs'), '--version'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(result.stdout, '9.9.9\n');
});
