import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { DIRBENCH_FUSES, mismatchedFuses } from './fuses.ts';

/** The marker Electron puts before its fuse wire (constants.ts of @electron/fuses, not exported). */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const APPLY = fileURLToPath(new URL('./applyFuses.ts', import.meta.url));
const { ENABLE, DISABLE } = FuseState;
/** Electron's shipped defaults for the nine V1 fuses, and one fuse this library does not know yet. */
const ELECTRON_DEFAULTS = [
  ENABLE,
  DISABLE,
  ENABLE,
  ENABLE,
  DISABLE,
  DISABLE,
  DISABLE,
  ENABLE,
  ENABLE,
  ENABLE,
];

/** A stand-in for an Electron executable: bytes around the sentinel and a V1 fuse wire. */
function fakeBinary(dir: string): string {
  const file = join(dir, 'electron');
  const wire = Buffer.from([1, ELECTRON_DEFAULTS.length, ...ELECTRON_DEFAULTS]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(SENTINEL), wire, Buffer.alloc(512, 9)]),
  );
  return file;
}

test('the fuses are the hardened set, and every fuse the library knows is decided', () => {
  assert.equal(DIRBENCH_FUSES[FuseV1Options.RunAsNode], false);
  assert.equal(DIRBENCH_FUSES[FuseV1Options.EnableCookieEncryption], true);
  assert.equal(DIRBENCH_FUSES[FuseV1Options.OnlyLoadAppFromAsar], true);
  assert.equal(DIRBENCH_FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable], false);
  assert.equal(DIRBENCH_FUSES[FuseV1Options.EnableNodeCliInspectArguments], false);
  assert.equal(DIRBENCH_FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation], true);
  assert.equal(DIRBENCH_FUSES[FuseV1Options.GrantFileProtocolExtraPrivileges], false);
  const known = Object.values(FuseV1Options).filter(
    (v): v is FuseV1Options => typeof v === 'number',
  );
  const decided = new Map<string, unknown>(Object.entries(DIRBENCH_FUSES));
  for (const fuse of known) {
    assert.equal(typeof decided.get(String(fuse)), 'boolean', `fuse ${FuseV1Options[fuse]} is set`);
  }
});

test('mismatches name each fuse whose wire state differs from the wanted one', () => {
  const wire = { version: DIRBENCH_FUSES.version, 0: ENABLE, 1: ENABLE, 2: DISABLE } as const;
  const wanted = { version: DIRBENCH_FUSES.version, 0: false, 1: true, 2: false, 3: false };
  assert.deepEqual(mismatchedFuses(wanted, wire), [
    { fuse: '0', wanted: false, found: ENABLE },
    { fuse: '3', wanted: false, found: undefined },
  ]);
});

test('the packaging step flips the fuses on a binary, leaves unknown ones alone, and needs a path', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-fuses-'));
  try {
    const binary = fakeBinary(dir);
    const done = spawnSync(process.execPath, [APPLY, binary], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(done.status, 0, done.stderr);
    assert.match(done.stdout, /DirBench fuses set/);
    const wire = new Map<string, unknown>(Object.entries(await getCurrentFuseWire(binary)));
    assert.equal(wire.get(String(FuseV1Options.RunAsNode)), DISABLE);
    assert.equal(wire.get(String(FuseV1Options.EnableCookieEncryption)), ENABLE);
    assert.equal(wire.get(String(FuseV1Options.EnableNodeOptionsEnvironmentVariable)), DISABLE);
    assert.equal(wire.get(String(FuseV1Options.EnableNodeCliInspectArguments)), DISABLE);
    assert.equal(wire.get(String(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)), ENABLE);
    assert.equal(wire.get(String(FuseV1Options.OnlyLoadAppFromAsar)), ENABLE);
    assert.equal(wire.get(String(FuseV1Options.GrantFileProtocolExtraPrivileges)), DISABLE);
    assert.equal(wire.get('9'), ENABLE, 'a fuse newer than the library keeps its default');
    const missing = spawnSync(process.execPath, [APPLY, join(dir, 'nope')], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /usage: node electron\/applyFuses\.ts PATH/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
