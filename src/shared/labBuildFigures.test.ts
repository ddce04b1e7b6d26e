// Build estimates from measured load points: through them, between them on log-log axes, beyond
// them never cheaper per entry, and per lab kind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LAB_KIND_LIST, LAB_KINDS } from './labKinds.ts';
import type { LabKind } from './labKinds.ts';
import type { LoadPoint } from './labKindRow.ts';
import { figureBuildS, GENERATE_ENTRIES_PER_S, loadSFromPoints } from './labBuildFigures.ts';

const LADDER: readonly LoadPoint[] = [
  [10_000, 0.3],
  [100_000, 3.9],
  [1_000_000, 61.7],
  [10_000_000, 922.4],
];

const close = (actual: number, expected: number, what: string) =>
  assert.ok(
    Math.abs(actual - expected) < expected * 1e-9 + 1e-12,
    `${what}: ${actual} != ${expected}`,
  );

test('a measured size gives its measured seconds', () => {
  for (const [entries, seconds] of LADDER)
    close(loadSFromPoints(LADDER, entries), seconds, String(entries));
});

test('between two sizes the estimate follows the power law through them', () => {
  const s = loadSFromPoints(LADDER, 100_000 * Math.sqrt(10));
  // Half a decade between 100K (3.9 s) and 1M (61.7 s): the geometric mean.
  close(s, Math.sqrt(3.9 * 61.7), '316K');
});

test('beyond the last size it follows the last two, and never gets cheaper per entry', () => {
  const slope = Math.log(922.4 / 61.7) / Math.log(10);
  close(loadSFromPoints(LADDER, 20_000_000), 922.4 * 2 ** slope, '20M');
  // 389 DS's two points are 0.7 apart on log-log: beyond them, at least in proportion.
  const ds: LoadPoint[] = [
    [10_000, 1.5],
    [100_000, 7.5],
  ];
  close(loadSFromPoints(ds, 1_000_000), 75, '1M 389 DS');
});

test('below the first size it is in proportion; nothing to load takes nothing', () => {
  close(loadSFromPoints(LADDER, 1_000), 0.03, '1K');
  assert.equal(loadSFromPoints(LADDER, 0), 0);
  assert.equal(loadSFromPoints([], 5_000), 0);
});

test('a build is its generation, its load by the method and its setup', () => {
  const openldap = LAB_KINDS.openldap.build;
  close(
    figureBuildS(openldap, 'offline', 100_000),
    100_000 / GENERATE_ENTRIES_PER_S + 3.9 + openldap.setupS,
    'offline',
  );
  assert.ok(
    figureBuildS(openldap, 'protocol', 100_000) > figureBuildS(openldap, 'offline', 100_000),
  );
});

test('every lab kind has figures that grow with size, OpenDJ and ApacheDS above OpenLDAP', () => {
  for (const kind of LAB_KIND_LIST) {
    for (const load of ['offline', 'protocol'] as const) {
      const f = LAB_KINDS[kind].build;
      assert.ok(figureBuildS(f, load, 100_000) > figureBuildS(f, load, 10_000), `${kind} ${load}`);
    }
  }
  const at = (kind: LabKind) => figureBuildS(LAB_KINDS[kind].build, 'offline', 10_000);
  assert.ok(at('opendj') > at('openldap') && at('apacheds') > at('openldap'));
});
