// Every catalog entry runs for 2 seconds against a 10,000-entry OpenLDAP lab of the shape it expects
// (Salford, or M-Vault's flat one): operations complete, nothing fails, and the directory holds as
// many entries afterwards as before.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { WorkloadListItem } from '../../src/shared/workload.ts';
import { assertAllExited } from './engineHarness.ts';
import { startWorkloadLab } from './workloadLab.ts';
import type { WorkloadLab } from './workloadLab.ts';

/** Connections per run: the study's, capped so every catalog entry's run (31 today) fits CI time on two cores. */
const MAX_CONNECTIONS = 8;
/** Pools are sized for long runs; 2 seconds on this machine need far fewer entries. */
const TEST_POOL_ENTRIES = 1500;
/**
 * Workloads that take entries from their pool run at a fixed rate that cannot empty it in 2 s
 * (1,000 of 1,500): at full speed a fast disk deletes the whole pool in under a second, and what
 * the test checks is that each operation works and leaves the directory as it was, not the speed.
 */
const POOL_OPS_PER_SEC = 500;

let lab: WorkloadLab;
let flatLab: WorkloadLab;
let initialCount = 0;
let flatInitialCount = 0;

before(async () => {
  lab = await startWorkloadLab(10_000);
  initialCount = await lab.countEntries();
  flatLab = await startWorkloadLab(10_000, 'flat');
  flatInitialCount = await flatLab.countEntries();
});

after(async () => {
  await lab?.close();
  await flatLab?.close();
});

test('the catalogs list every study with its entries', () => {
  const items = lab.core.workloads.list();
  const catalogs = new Set(items.map((i) => i.catalog));
  for (const name of ['builtin', 'salford', 'mvault', 'directorymark', 'unboundid']) {
    assert.ok(catalogs.has(name), `catalog ${name}`);
  }
  const salford = items.filter((i) => i.catalog === 'salford').map((i) => i.id);
  for (const id of [
    'S.1',
    'S.2',
    'S.3',
    'S.4',
    'A.1a',
    'A.1b',
    'D.1a',
    'D.1b',
    'M.1',
    'M.2',
    'X.1',
  ]) {
    assert.ok(salford.includes(`salford/${id}`), `salford/${id}`);
  }
  for (const item of items.filter((i) => i.catalog !== 'builtin')) {
    assert.ok(item.expects !== null, `${item.id} says which shape and index profile it expects`);
    assert.ok(item.concurrency !== null, `${item.id} carries the study's concurrency`);
  }
});

/** A catalog entry's run settings: its own depth, connections capped, the pool shrunk. */
function settings(item: WorkloadListItem) {
  const study = item.concurrency ?? { connections: 4, depth: 1 };
  const spec = lab.core.workloads.get(item.id);
  return {
    connections: Math.min(study.connections, MAX_CONNECTIONS),
    depth: Math.min(study.depth, 4),
    ...(spec.pool === undefined
      ? {}
      : { poolEntries: TEST_POOL_ENTRIES, targetOpsPerSec: POOL_OPS_PER_SEC }),
  };
}

test('every catalog entry runs for 2 s at 10,000 entries with operations and no errors', async () => {
  const items = lab.core.workloads.list().filter((i) => i.catalog !== 'user');
  const failures: string[] = [];
  for (const item of items) {
    const flat = item.expects?.shape === 'flat';
    const target = flat ? flatLab : lab;
    const run = await target.run(item.id, { ...settings(item), warmupS: 0, durationS: 2 });
    const s = run.summary;
    const what = `${item.id}: ${run.status}${run.endReason ? ` (${run.endReason})` : ''}, ops ${s?.ops ?? 0}, errors ${JSON.stringify(s?.errorsByCode ?? {})}`;
    if (run.status !== 'completed' || s === null || s.ops === 0 || s.errors > 0)
      failures.push(what);
    if ((s?.ownEntries?.left ?? 0) > 0)
      failures.push(`${item.id}: left ${s?.ownEntries?.left} entries`);
    const count = await target.countEntries();
    const expected = flat ? flatInitialCount : initialCount;
    if (count !== expected) failures.push(`${item.id}: ${count} entries after, ${expected} before`);
  }
  assert.deepEqual(failures, []);
  await assertAllExited([...lab.workerPids, ...flatLab.workerPids]);
});
