// Knowing the client's limits against a real slapd: per-worker telemetry (GC pauses too), a saturated client flagged, lab server CPU/RSS.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { RunConfig, RunSample, RunSummary } from '../../src/shared/types.ts';
import type { WorkloadSpec } from '../../src/shared/workload.ts';
import { startLabAndWait } from '../../src/core/lab/labStart.ts';
import { openCore } from '../../src/core/app/core.ts';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import { startRun } from '../../src/core/runner/orchestrator.ts';
import type { DnSource } from '../../src/core/workload/dnSource.ts';
import { startResponder } from '../../src/core/responder/responder.ts';
import { READ_RANDOM } from '../../src/core/workload/builtin.ts';
import type { RunOutcome } from '../../src/core/runner/runContract.ts';
import { startTestSlapd } from './engine-slapd.ts';
import { testRunConfig } from './engineHarness.ts';
import type { TestSlapd } from './engine-slapd.ts';

/** Random base reads as paged searches: ldapts' own path, which decodes each entry. */
const PAGED_READS: WorkloadSpec = {
  ...READ_RANDOM,
  operations: READ_RANDOM.operations.map((o) =>
    o.operation.kind === 'search' ? { ...o, operation: { ...o.operation, pageSize: 100 } } : o,
  ),
};

const ENTRIES = 2000;
let slapd: TestSlapd;

before(async () => {
  slapd = await startTestSlapd(ENTRIES);
});
after(async () => {
  await slapd.stop();
});

function runConfig(overrides: Partial<RunConfig>): RunConfig {
  return testRunConfig(slapd.url, ENTRIES, overrides);
}

/** Runs `config` against the test slapd, or against `server` when given. */
async function run(
  config: RunConfig,
  server?: { url: string; dnSource: DnSource },
): Promise<{ outcome: RunOutcome; samples: RunSample[] }> {
  const samples: RunSample[] = [];
  const url = server?.url ?? slapd.url;
  const handle = startRun(
    {
      runId: 'run-telemetry',
      config,
      connection: { url, startTls: false, bindDn: '', password: '', tcpNoDelay: true },
      dnSource: server?.dnSource ?? { kind: 'salford', entries: ENTRIES, seed: slapd.seed },
    },
    forkLauncher(),
    { onSample: (sample) => samples.push(sample) },
  );
  return { outcome: await handle.done, samples };
}

/** Every second carries one sane reading per worker. */
function assertSaneTelemetry(samples: RunSample[], workers: number): void {
  for (const s of samples) {
    assert.ok(s.workers !== undefined, `second ${s.second} has no telemetry`);
    assert.deepEqual(
      s.workers.map((w) => w.worker),
      Array.from({ length: workers }, (_, i) => i + 1),
    );
    for (const w of s.workers) {
      const text = JSON.stringify(w);
      assert.ok(w.cpuPercent >= 0 && w.cpuPercent < 400, text);
      assert.ok(w.eventLoopUtilization >= 0 && w.eventLoopUtilization <= 1, text);
      assert.ok(Number.isInteger(w.eventLoopDelayP99Us) && w.eventLoopDelayP99Us >= 0, text);
      assert.ok(Number.isInteger(w.outstanding) && w.outstanding >= 0, text);
      // GC pause in ms per second of wall time, and collections per second.
      assert.ok(w.gcPauseMs !== undefined && w.gcPauseMs >= 0 && w.gcPauseMs <= 1000, text);
      assert.ok(w.gcCount !== undefined && Number.isInteger(w.gcCount) && w.gcCount >= 0, text);
      assert.ok(w.majorGcCount !== undefined && Number.isInteger(w.majorGcCount), text);
      assert.ok(w.majorGcCount >= 0 && w.majorGcCount <= w.gcCount, text);
    }
  }
}

test('each second carries one sane telemetry reading per worker, and the summary a verdict', async () => {
  // One request at a time on 2 connections per worker: mostly waiting on the server.
  const { outcome, samples } = await run(runConfig({ connections: 4, depth: 1, workers: 2 }));
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.equal(samples.length, 4);
  assertSaneTelemetry(samples, 2);
  const readings = samples.flatMap((s) => s.workers ?? []);
  // A worker that issued thousands of searches used some CPU, and its loop was late at least once.
  assert.ok(
    readings.some((w) => w.cpuPercent > 0),
    JSON.stringify(readings),
  );
  assert.ok(
    readings.some((w) => w.eventLoopDelayP99Us > 0),
    JSON.stringify(readings),
  );
  // Thousands of requests and responses fill the young generation: scavenges, and their pauses, show.
  assert.ok(
    readings.some((w) => (w.gcCount ?? 0) > 0 && (w.gcPauseMs ?? 0) > 0),
    JSON.stringify(readings),
  );
  // Closed model: each worker keeps at most connections x depth requests outstanding.
  assert.ok(readings.every((w) => w.outstanding <= 2));
  const summary = outcome.summary as RunSummary;
  assert.equal(typeof summary.clientBound, 'boolean');
  assert.match(summary.clientBoundEvidence ?? '', /\d+% CPU/);
  assert.match(
    summary.clientBoundEvidence ?? '',
    /GC pauses took \d+(\.\d)?% of the workers' measured time|\d% of its time in GC pauses/,
  );
});

test('one worker driving 64 connections x 8 deep cannot keep up: the run is flagged client-bound', async () => {
  // Honest saturation: a single worker process (one event loop, one core) asked for 512
  // outstanding searches against the responder, which answers at once from pre-encoded replies
  // (against slapd on a 2-core machine the server, not the lean client, may be the bottleneck).
  // The searches are paged, so they take ldapts' own path and decode every entry: on a fast machine
  // the lean path's counting keeps up with a responder that shares the two cores with the test.
  const responder = await startResponder();
  let result: { outcome: RunOutcome; samples: RunSample[] };
  try {
    result = await run(
      testRunConfig(responder.url, 1000, {
        connections: 64,
        depth: 8,
        workers: 1,
        warmupS: 1,
        durationS: 4,
        workloadSpec: PAGED_READS,
      }),
      {
        url: responder.url,
        dnSource: {
          kind: 'list',
          dns: Array.from({ length: 1000 }, (_, i) => `uid=user.${i},${responder.baseDn}`),
        },
      },
    );
  } finally {
    await responder.close();
  }
  const { outcome, samples } = result;
  console.log('DEBUGOPS', (result.outcome.summary as RunSummary).opsPerSec);
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assertSaneTelemetry(samples, 1);
  const measured = samples.filter((s) => s.phase === 'measured').flatMap((s) => s.workers ?? []);
  const summary = outcome.summary as RunSummary;
  assert.equal(
    summary.clientBound,
    true,
    `${summary.clientBoundEvidence ?? ''} ${JSON.stringify(measured)}`,
  );
  assert.match(
    summary.clientBoundEvidence ?? '',
    /^worker 1 used \d+% CPU and its event loop was busy \d+% of the time in \d of 4 measured seconds/,
  );
  // With 512 requests kept in flight, plenty are outstanding when a second ends.
  assert.ok(
    measured.some((w) => w.outstanding > 64),
    JSON.stringify(measured),
  );
});

test('a run against a lab carries the lab server CPU and RSS in every second', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-telemetry-'));
  const core = await openCore({
    dbFile: join(dataDir, 'dirbench.db'),
    dataDir,
    launcher: forkLauncher(),
  });
  try {
    const lab = await startLabAndWait(core, {
      kind: 'openldap',
      entries: 300,
    });
    assert.ok(lab.targetId !== null && lab.pid !== null);
    const { done } = await core.runService.start({
      targetId: lab.targetId,
      workload: 'read-random',
      connections: 4,
      depth: 2,
      warmupS: 1,
      durationS: 2,
      workers: 1,
    });
    const detail = await done;
    assert.equal(detail.status, 'completed', detail.endReason ?? '');
    assert.equal(detail.samples.length, 3);
    assertSaneTelemetry(detail.samples, 1);
    for (const s of detail.samples) {
      assert.ok(s.server !== undefined, `second ${s.second} has no server telemetry`);
      // slapd answering thousands of searches a second uses CPU and megabytes of memory.
      assert.ok(s.server.cpuPercent >= 0 && s.server.cpuPercent < 1000, JSON.stringify(s.server));
      assert.ok(s.server.rssMb > 1, JSON.stringify(s.server));
    }
    assert.ok(detail.samples.some((s) => (s.server?.cpuPercent ?? 0) > 0));
    assert.equal(typeof detail.summary?.clientBound, 'boolean');
  } finally {
    await core.shutdown('test over');
    await rm(dataDir, { recursive: true, force: true });
  }
});
