// Several servers in one run: two test responders saved as targets; round-robin spreads the
// connections over both by their run-wide number (each server's share in every second and in the
// summary, matching what each responder received), failover moves them all to the second when
// the first goes away mid-run.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Core } from '../../src/core/app/core.ts';
import { runCli } from './cliHarness.ts';
import { openScratchCore } from './fixtures/scratchCore.ts';
import { startResponder } from '../../src/core/responder/responder.ts';
import type { Responder } from '../../src/core/responder/responder.ts';
import type { MatrixServer, MatrixSpec } from '../../src/shared/matrix.ts';
import type { RunRequest } from '../../src/shared/types.ts';

/** LDAP searchRequest's protocol op tag. */
const SEARCH_REQUEST = 0x63;
let close: (() => Promise<void>) | undefined;
let core: Core;

before(async () => {
  ({ core, close } = await openScratchCore('target-group'));
});
after(async () => {
  await close?.();
});

/** A responder that counts the searches it receives, saved as a plain target. */
async function server(
  name: string,
): Promise<{ responder: Responder; id: string; searches: () => number }> {
  let searches = 0;
  const responder = await startResponder({
    answerDelayMs: 1,
    onRequest: (_connection, opTag) => {
      if (opTag === SEARCH_REQUEST) searches++;
    },
  });
  const target = core.targets.save({
    name,
    url: responder.url,
    startTls: false,
    bindDn: '',
    baseDn: responder.baseDn,
  });
  return { responder, id: target.id, searches: () => searches };
}

/** Starts 1 s warm-up + 3 s of random reads on `first` and the `more` servers; `extra` overrides. */
function startOn(first: string, more: string[], extra: Partial<RunRequest> = {}) {
  return core.runService.start({
    workload: 'read-random',
    connections: 3,
    depth: 2,
    warmupS: 1,
    durationS: 3,
    targetId: first,
    moreTargetIds: more,
    ...extra,
  });
}

test('round-robin: connection i goes to server i mod 2 across workers, and each server has its share', async () => {
  const a = await server('responder A');
  const b = await server('responder B');
  try {
    // One connection per worker: numbered per worker, all three would go to A.
    const { done } = await startOn(a.id, [b.id], { workers: 3 });
    const run = await done;
    assert.equal(run.status, 'completed', run.endReason ?? '');
    assert.deepEqual(run.config.serverSet, {
      mode: 'round-robin',
      servers: [
        { targetId: a.id, name: 'responder A', url: a.responder.url },
        { targetId: b.id, name: 'responder B', url: b.responder.url },
      ],
    });
    const shares = run.summary?.servers ?? [];
    assert.deepEqual(
      shares.map((s) => [s.url, s.connections]),
      [
        [a.responder.url, 2],
        [b.responder.url, 1],
      ],
    );
    for (const share of shares) {
      assert.ok(share.ops > 100 && share.errors === 0, JSON.stringify(share));
      assert.ok(share.p99Us > 0 && share.p99Us === share.latencyUs.p99, JSON.stringify(share));
    }
    assert.equal(
      shares.reduce((n, s) => n + s.ops, 0),
      run.summary?.ops,
      'the shares add up to the run',
    );
    // Every second says where its ops went; over all seconds each server received at least what
    // the client counted for it (the rest were answered after the run's end, or were its probes).
    for (const sample of run.samples) {
      const servers = Object.values(sample.servers ?? {});
      assert.equal(servers.length, 2, `second ${sample.second}`);
      assert.equal(
        servers.reduce((n, s) => n + s.ops, 0),
        sample.ops,
      );
    }
    const counted = (url: string): number =>
      run.samples.reduce((n, s) => n + (s.servers?.[url]?.ops ?? 0), 0);
    assert.ok(a.searches() >= counted(a.responder.url), `${a.searches()} at A`);
    assert.ok(b.searches() >= counted(b.responder.url), `${b.searches()} at B`);
    // Two connections against one: A took about twice B's share (generous: two shared cores).
    const ratio = (shares[0]?.ops ?? 0) / (shares[1]?.ops ?? 1);
    assert.ok(ratio > 1.2 && ratio < 3.5, `A/B ops ${ratio.toFixed(2)}`);
  } finally {
    await a.responder.close();
    await b.responder.close();
  }
});

test('failover: every connection on the first server, all moved to the second when it goes away', async () => {
  const a = await server('failover A');
  const b = await server('failover B');
  try {
    const { done } = await startOn(a.id, [b.id], {
      durationS: 4,
      workers: 1,
      serverSetMode: 'failover',
    });
    // Into the measured phase: the first server stops listening and drops its connections.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await a.responder.close();
    const run = await done;
    assert.equal(run.status, 'completed', run.endReason ?? '');
    const first = run.samples[0]?.servers;
    assert.deepEqual(
      [first?.[a.responder.url]?.connections, first?.[b.responder.url]?.connections],
      [3, 0],
      'all on the first server while it answers',
    );
    const last = run.samples.at(-1)?.servers;
    assert.deepEqual(
      [last?.[a.responder.url]?.connections, last?.[b.responder.url]?.connections],
      [0, 3],
      'all on the second once the first went away',
    );
    const [shareA, shareB] = run.summary?.servers ?? [];
    assert.ok(
      (shareA?.ops ?? 0) > 0 && (shareB?.ops ?? 0) > 0,
      JSON.stringify(run.summary?.servers),
    );
    assert.equal(shareB?.connections, 3);
  } finally {
    await b.responder.close();
  }
});

test('a run on several servers refuses the per-op policy and a server named twice, saying why', async () => {
  const a = await server('refusing A');
  try {
    await assert.rejects(
      startOn(a.id, [a.id]),
      /is named twice among the run's servers: name each server once/,
    );
    await assert.rejects(
      startOn(a.id, [a.id], { policy: { kind: 'per-op' } }),
      /use the persistent, reconnect or rebind policy/,
    );
  } finally {
    await a.responder.close();
  }
});

test("dirbench run --target URL1 --target URL2 --json reports each server's share", async () => {
  const a = await startResponder({ answerDelayMs: 1 });
  const b = await startResponder({ answerDelayMs: 1 });
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-target-group-cli-'));
  try {
    const { code, stdout, stderr } = await runCli(
      [
        'run',
        ...['--target', a.url, '--target', b.url, '--base', a.baseDn],
        ...['--workload', 'read-random', '--connections', '4', '--workers', '2'],
        ...['--warmup', '0', '--duration', '2', '--json'],
      ],
      dataDir,
      60_000,
    );
    assert.equal(code, 0, stderr);
    const summary = JSON.parse(stdout) as {
      servers: {
        url: string;
        connections: number;
        opsPerSec: number;
        errors: number;
        p99Us: number;
      }[];
    };
    assert.deepEqual(
      summary.servers.map((s) => [s.url, s.connections, s.errors]),
      [
        [a.url, 2, 0],
        [b.url, 2, 0],
      ],
    );
    for (const s of summary.servers) assert.ok(s.opsPerSec > 50 && s.p99Us > 0, JSON.stringify(s));
  } finally {
    await a.close();
    await b.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a matrix server can be a target group: each cell runs on all of its targets', async () => {
  const a = await server('matrix A');
  const b = await server('matrix B');
  try {
    const spec: MatrixSpec = {
      name: 'target group',
      servers: [{ targets: [a.id, b.id], serverSet: 'round-robin' } as unknown as MatrixServer],
      sizes: [],
      indexProfiles: [],
      workloads: ['read-random'],
      connections: [2],
      repeats: 1,
      warmupS: 0,
      durationS: 1,
    };
    const { campaignId } = await core.call('campaigns/start', { spec });
    const detail = await core.campaigns.wait(campaignId);
    assert.equal(detail.status, 'completed', detail.error ?? '');
    // The file's form is stored as the first target and the others.
    assert.deepEqual(detail.spec.servers, [
      { targetId: a.id, moreTargetIds: [b.id], serverSet: 'round-robin' },
    ]);
    const runId = detail.cells[0]?.runId;
    assert.ok(runId !== null && runId !== undefined, JSON.stringify(detail.cells));
    const run = core.runs.get(runId);
    assert.deepEqual(
      run.summary?.servers?.map((s) => [s.url, s.connections]),
      [
        [a.responder.url, 1],
        [b.responder.url, 1],
      ],
    );
  } finally {
    await a.responder.close();
    await b.responder.close();
  }
});
