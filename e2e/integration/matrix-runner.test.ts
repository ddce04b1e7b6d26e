// The campaign runner against real OpenLDAP labs: a 2 x 2 x 2 matrix run to the end with a pause
// and a resume on the way, a cancel, and a campaign whose process is SIGKILLed and then resumed
// without redoing the cells it had finished.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import type { CampaignProgress, MatrixSpec } from '../../src/shared/matrix.ts';
import { openCore } from '../../src/core/app/core.ts';
import type { Core } from '../../src/core/app/core.ts';
import { CLI, runCli } from './cliHarness.ts';
import { trackedLauncher } from './engineHarness.ts';

/** A core in a fresh data folder, shut down and removed when the test ends (even on failure). */
async function freshCore(t: { after: (fn: () => Promise<void>) => void }): Promise<Core> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-matrix-it-'));
  const core = await openCore({
    dbFile: join(dataDir, 'db.sqlite'),
    dataDir,
    launcher: trackedLauncher().launcher,
  });
  t.after(async () => {
    await core.shutdown('test ended');
    await rm(dataDir, { recursive: true, force: true });
  });
  return core;
}

/** The first campaign progress matching `predicate`; rejects after `timeoutMs`. */
function progressWhere(
  core: Core,
  predicate: (p: CampaignProgress) => boolean,
  timeoutMs: number,
): Promise<CampaignProgress> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no campaign progress as expected within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = core.subscribe((m) => {
      if (m.event !== 'campaign/progress' || !predicate(m.payload)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(m.payload);
    });
  });
}

const MATRIX: MatrixSpec = {
  name: 'integration 2x2x2',
  servers: [{ lab: 'openldap' }],
  sizes: [2000, 1000],
  indexProfiles: ['salford-indexed', 'salford-unindexed'],
  workloads: ['read-random', 'salford/A.1a'],
  connections: [2],
  repeats: 1,
  warmupS: 1,
  durationS: 2,
};

test(
  'a 2 profiles x 2 sizes x 2 workloads matrix runs to the end, through a pause and a resume',
  { timeout: 240_000 },
  async (t) => {
    const core = await freshCore(t);
    const labsBuilt = new Set<string>();
    const seen: CampaignProgress[] = [];
    core.subscribe((m) => {
      if (m.event === 'lab/changed') labsBuilt.add(m.payload.lab.id);
      if (m.event === 'campaign/progress') seen.push(m.payload);
    });
    const firstDone = progressWhere(core, (p) => p.cellsDone >= 1, 120_000);
    const { campaignId } = await core.call('campaigns/start', { spec: MATRIX });
    await firstDone;
    await core.call('campaigns/pause', { campaignId });
    const paused = await core.campaigns.wait(campaignId);
    assert.equal(paused.status, 'paused');
    assert.ok(
      paused.cellsDone >= 1 && paused.cellsDone < 8,
      `paused after ${paused.cellsDone} cells`,
    );
    assert.equal((await core.call('campaigns/active', undefined))?.status, 'paused');
    // The campaign keeps its lab while paused, so the resume does not rebuild it.
    assert.equal(core.labs.list().filter((l) => l.state === 'running').length, 1);

    await core.call('campaigns/resume', { campaignId });
    const detail = await core.campaigns.wait(campaignId);
    assert.equal(detail.status, 'completed', detail.error ?? '');
    assert.equal(detail.cells.length, 8);
    assert.deepEqual(
      detail.cells.map((c) => [c.indexProfile, c.entries]),
      [
        ['salford-indexed', 1000],
        ['salford-indexed', 1000],
        ['salford-indexed', 2000],
        ['salford-indexed', 2000],
        ['salford-unindexed', 1000],
        ['salford-unindexed', 1000],
        ['salford-unindexed', 2000],
        ['salford-unindexed', 2000],
      ],
    );
    for (const cell of detail.cells) {
      assert.equal(cell.status, 'done', cell.error ?? '');
      assert.ok((cell.opsPerSec ?? 0) > 0, `cell ${cell.index} measured ${cell.opsPerSec} ops/s`);
      const run = core.db
        .prepare('SELECT campaign_id, cell_index, status FROM runs WHERE id = ?')
        .get(cell.runId) as { campaign_id: string; cell_index: number; status: string };
      assert.deepEqual(run, {
        campaign_id: campaignId,
        cell_index: cell.index,
        status: 'completed',
      });
    }
    // One lab per profile and size, each destroyed at the end.
    assert.equal(labsBuilt.size, 4);
    assert.deepEqual(core.labs.list(), []);
    assert.ok(seen.some((p) => p.runId !== null && p.etaS !== null && p.currentCell !== null));
    assert.equal(seen.at(-1)?.status, 'completed');
    assert.equal(await core.call('campaigns/active', undefined), null);
    assert.equal((await core.call('campaigns/list', undefined))[0]?.cellsDone, 8);
  },
);

test(
  'cancel stops the current cell, keeps its run as stopped and destroys the lab',
  { timeout: 120_000 },
  async (t) => {
    const core = await freshCore(t);
    const spec = { ...MATRIX, sizes: [1000], indexProfiles: ['salford-indexed'], durationS: 60 };
    const measuring = progressWhere(
      core,
      (p) => p.runId !== null && / of \d+ s$/.test(p.activity),
      60_000,
    );
    const { campaignId } = await core.call('campaigns/start', { spec });
    await measuring;
    await core.call('campaigns/cancel', { campaignId });
    const detail = await core.campaigns.wait(campaignId);
    assert.equal(detail.status, 'cancelled');
    assert.equal(detail.cells[0]?.status, 'failed');
    assert.match(detail.cells[0]?.error ?? '', /cancelled/);
    assert.equal(core.runs.get(detail.cells[0]?.runId ?? '').status, 'stopped');
    assert.equal(detail.cells[1]?.status, 'pending');
    assert.deepEqual(core.labs.list(), []);
    await assert.rejects(core.call('campaigns/resume', { campaignId }), /cancelled/);
  },
);

test(
  'a campaign whose process is killed resumes from its first unfinished cell',
  { timeout: 180_000 },
  async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-matrix-kill-'));
    const file = join(dataDir, 'matrix.json');
    await writeFile(
      file,
      JSON.stringify({
        ...MATRIX,
        sizes: [1000],
        indexProfiles: ['salford-indexed'],
        workloads: ['read-random', 'salford/S.2', 'salford/M.1'],
      }),
    );
    const child = spawn(process.execPath, [CLI, 'matrix', 'run', file, '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    t.after(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    });
    let campaignId = '';
    child.stdout.on('data', (d: Buffer) => (campaignId += d.toString()));
    // Killed while the second cell runs: one cell finished, one in progress.
    for await (const line of createInterface({ input: child.stderr })) {
      if (/^\[1\/3.*Cell 2\/3: salford\/S\.2.* of \d+ s$/.test(line)) break;
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    campaignId = campaignId.trim();
    assert.match(campaignId, /^cmp-/);

    const show = await runCli(['matrix', 'show', campaignId, '--json'], dataDir, 60_000);
    assert.equal(show.code, 0, show.stderr);
    const before = JSON.parse(show.stdout) as {
      status: string;
      cells: { status: string; runId: string | null }[];
    };
    assert.equal(before.status, 'interrupted');
    assert.deepEqual(
      before.cells.map((c) => c.status),
      ['done', 'pending', 'pending'],
    );

    const resumed = await runCli(['matrix', 'resume', campaignId, '--json'], dataDir, 120_000);
    assert.equal(resumed.code, 0, resumed.stderr);
    const after = JSON.parse(resumed.stdout) as {
      status: string;
      cells: { status: string; runId: string; opsPerSec: number }[];
    };
    assert.equal(after.status, 'completed');
    assert.deepEqual(
      after.cells.map((c) => c.status),
      ['done', 'done', 'done'],
    );
    // The finished cell kept its run; the cells after it got new ones.
    assert.equal(after.cells[0]?.runId, before.cells[0]?.runId);
    assert.ok(after.cells.every((c) => c.opsPerSec > 0));
    const runs = await runCli(['runs', 'list'], dataDir, 60_000);
    // The killed cell's run stays in history, interrupted and no longer counted for the campaign.
    assert.match(runs.stdout, /interrupted/);
  },
);

test('heavy load on a saved target off loopback needs confirming before a campaign starts', async (t) => {
  const core = await freshCore(t);
  // Off loopback, so it needs confirming; a .invalid name never resolves, so nothing is ever sent
  // there, and the refusal must come before any cell connects.
  const target = await core.call('targets/save', {
    name: 'Production directory',
    url: 'ldap://dir.invalid:389',
    startTls: false,
    bindDn: 'cn=admin,c=gb',
    baseDn: 'c=gb',
  });
  const spec: MatrixSpec = {
    name: 'heavy on a saved target',
    servers: [{ targetId: target.id }],
    sizes: [],
    indexProfiles: [],
    workloads: ['read-random'],
    connections: [8, 200],
    repeats: 1,
    warmupS: 0,
    durationS: 1,
  };
  await assert.rejects(
    core.call('campaigns/start', { spec }),
    (err: unknown) =>
      err instanceof Error &&
      (err as { field?: string }).field === 'confirmed' &&
      /Production directory/.test(err.message),
  );
  assert.deepEqual(await core.call('campaigns/list', undefined), []);
  const light = { ...spec, connections: [8] };
  const { campaignId } = await core.call('campaigns/start', { spec: light });
  await core.call('campaigns/cancel', { campaignId });
});
