// Connection policies against a real slapd: connections opened/closed match the policy, phases and bytes are recorded.
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { after, before, test } from 'node:test';
import type { ConnectionPolicy, RunConfig, RunSample, RunSummary } from '../../src/shared/types.ts';
import { streamFor } from '../../src/core/datagen/prng.ts';
import { salfordPersonDn } from '../../src/core/datagen/salford.ts';
import { closeQuietly, openBoundClient } from '../../src/core/ldap/connection.ts';
import type { LdapConnectionParams } from '../../src/core/ldap/connection.ts';
import { ConnectionCounters } from '../../src/core/ldap/connectionCounters.ts';
import { failureCodeName } from '../../src/core/ldap/failure.ts';
import { openSlots } from '../../src/core/loadgen/connectionSlot.ts';
import { decodeHistogram } from '../../src/core/loadgen/histogram.ts';
import { IntervalRecorder } from '../../src/core/loadgen/intervalRecorder.ts';
import type { LoadControl } from '../../src/core/loadgen/loadControl.ts';
import { perOpLoop, rebindLoop } from '../../src/core/loadgen/policyLoops.ts';
import type { WorkerIntervalMessage } from '../../src/core/loadgen/protocol.ts';
import { RunClock } from '../../src/core/loadgen/runClock.ts';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import { startRun } from '../../src/core/runner/orchestrator.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';
import { READ_RANDOM } from '../../src/core/workload/builtin.ts';
import { CompiledWorkload } from '../../src/core/workload/compileWorkload.ts';
import { entryPickerFor } from '../../src/core/workload/entryPicker.ts';

let slapd: TestSlapd;
let params: LdapConnectionParams;

before(async () => {
  // Anonymous may not read: every op that succeeds ran on a bound connection.
  slapd = await startTestSlapd(500, { anonymousRead: false });
  params = {
    url: slapd.url,
    startTls: false,
    bindDn: slapd.rootDn,
    password: slapd.rootPw,
    tcpNoDelay: true,
  };
});
after(async () => {
  await slapd.stop();
});

interface PolicyRun {
  samples: RunSample[];
  summary: RunSummary;
}

/** Runs the engine (one worker process) for `durationS` under `policy`; warm-up 0, so every connect counts. */
async function runPolicy(
  policy: ConnectionPolicy,
  connections: number,
  depth: number,
  durationS: number,
  server: TestSlapd = slapd,
  connection: LdapConnectionParams = params,
): Promise<PolicyRun> {
  const config: RunConfig = {
    targetId: 't',
    workload: 'read-random',
    workloadSpec: READ_RANDOM,
    connections,
    depth,
    warmupS: 0,
    durationS,
    workers: 1,
    tcpNoDelay: true,
    seed: 5,
    targetName: 'slapd',
    url: server.url,
    startTls: connection.startTls,
    bindDn: server.rootDn,
    baseDn: server.baseDn,
    entries: server.entries,
    loadModel: 'closed',
    connectionPolicy: policy,
    targetOpsPerSec: null,
    rateProfile: null,
    cooldownS: 0,
  };
  const samples: RunSample[] = [];
  const handle = startRun(
    {
      runId: 'r',
      config,
      connection,
      dnSource: { kind: 'salford', entries: server.entries, seed: server.seed },
    },
    forkLauncher(),
    { onSample: (s) => samples.push(s) },
  );
  const outcome = await handle.done;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.ok(outcome.summary !== null);
  return { samples, summary: outcome.summary };
}

function total(samples: RunSample[], pick: (s: RunSample) => number | undefined): number {
  return samples.reduce((n, s) => n + (pick(s) ?? 0), 0);
}

test('persistent: the initial connections only, and bytes both ways', async () => {
  const { samples, summary } = await runPolicy({ kind: 'persistent' }, 2, 2, 2);
  assert.ok(summary.ops > 100);
  assert.equal(summary.errors, 0);
  assert.equal(summary.connectionsOpened, 2);
  assert.equal(summary.reconnects, 0);
  assert.equal(
    total(samples, (s) => s.connectionsClosed),
    0,
  );
  const sent = total(samples, (s) => s.bytesSent);
  const received = total(samples, (s) => s.bytesReceived);
  // A base search request is ~70 bytes; its answer (entry + result) several hundred.
  assert.ok(sent > summary.ops * 40, `sent ${sent} for ${summary.ops} ops`);
  assert.ok(received > sent, `received ${received} vs sent ${sent}`);
  assert.equal(samples[0]?.phaseLatencyUs, undefined, 'no phases under persistent');
});

test('reconnect:50 with 2 connections opens about ops/50 + 2 connections', async () => {
  const { samples, summary } = await runPolicy({ kind: 'reconnect', everyOps: 50 }, 2, 2, 2);
  assert.equal(summary.errors, 0);
  assert.ok(summary.ops > 500, `ops ${summary.ops}`);
  const opened = summary.connectionsOpened ?? 0;
  const expected = summary.ops / 50 + 2;
  // Each connection serves exactly 50 ops; at the end each of the 2 may be part-used or mid-reopen.
  assert.ok(Math.abs(opened - expected) <= 3, `opened ${opened}, expected ~${expected}`);
  const closed = total(samples, (s) => s.connectionsClosed);
  // Every connection but the (up to) 2 still open at the end was closed in the window; one that
  // finished its 50 ops just before the end is closed while its successor is not yet open.
  assert.ok(closed >= opened - 2 - 2 && closed <= opened, `closed ${closed} of ${opened}`);
  assert.equal(summary.reconnects, 0, 'planned reopens are not reconnects');
});

test('per-op: a connection per op, each phase timed', async () => {
  const { samples, summary } = await runPolicy({ kind: 'per-op' }, 2, 1, 2);
  assert.equal(summary.errors, 0);
  assert.ok(summary.ops > 50, `ops ${summary.ops}`);
  const opened = summary.connectionsOpened ?? 0;
  // Sequences still running at the end opened a connection but did not count an op.
  assert.ok(
    opened >= summary.ops && opened <= summary.ops + 2,
    `opened ${opened}, ops ${summary.ops}`,
  );
  assert.ok(total(samples, (s) => s.connectionsClosed) >= summary.ops);
  const phases = samples[1]?.phaseLatencyUs;
  assert.ok(phases !== undefined);
  for (const phase of ['connect', 'bind', 'op', 'unbind'] as const) {
    assert.ok((phases[phase]?.p50 ?? 0) > 0, `${phase} p50 > 0`);
  }
  assert.equal(phases.startTls, undefined, 'no StartTLS asked');
  // The op latency spans the whole sequence: longer than its op phase.
  assert.ok((samples[1]?.latencyUs.p50 ?? 0) > (phases.op?.p50 ?? 0));
  assert.ok(total(samples, (s) => s.bytesSent) > 0);
});

test('rebind: connections x depth opened once, a bind before each op', async () => {
  const { samples, summary } = await runPolicy({ kind: 'rebind' }, 2, 2, 2);
  assert.equal(summary.errors, 0);
  assert.ok(summary.ops > 100);
  assert.equal(summary.connectionsOpened, 4, 'depth 2: each sequence has its own connection');
  assert.equal(
    total(samples, (s) => s.connectionsClosed),
    0,
  );
  assert.ok((samples[1]?.phaseLatencyUs?.bind?.p50 ?? 0) > 0);
});

/** A worker's loop state driven in this process, collecting the intervals it ships. */
function localControl(
  intervals: WorkerIntervalMessage[],
  counters: ConnectionCounters,
  runS: number,
) {
  const recorder = new IntervalRecorder((m) => intervals.push(m));
  recorder.connectionCounters = counters;
  const control: LoadControl = {
    issuing: true,
    recording: true,
    clock: new RunClock(Date.now(), runS),
    recorder,
    workload: new CompiledWorkload(READ_RANDOM, {
      rng: streamFor(1, 0),
      picker: entryPickerFor({ kind: 'salford', entries: slapd.entries, seed: slapd.seed }),
      uniquePrefix: 'test.0.',
      sequence: { offset: 0, stride: 1 },
      params,
      counters,
      passwordFiles: {},
    }),
    open: null,
    outstanding: 0,
  };
  return control;
}

function phaseCount(
  intervals: WorkerIntervalMessage[],
  phase: 'connect' | 'bind' | 'op' | 'unbind',
): number {
  return intervals.reduce((n, m) => {
    const encoded = m.phaseHistograms?.[phase];
    return n + (encoded === undefined ? 0 : decodeHistogram(encoded).totalCount);
  }, 0);
}

test('rebind and per-op loops record one bind (and one of each phase) per op', async () => {
  for (const kind of ['rebind', 'per-op'] as const) {
    const intervals: WorkerIntervalMessage[] = [];
    const counters = new ConnectionCounters();
    const control = localControl(intervals, counters, 5);
    const slots = kind === 'rebind' ? await openSlots(params, 1, 1, () => false, counters) : [];
    const [slot] = slots;
    const loop =
      slot !== undefined ? rebindLoop(slot, control, params) : perOpLoop(params, counters, control);
    await new Promise((r) => setTimeout(r, 300));
    control.issuing = false;
    await loop;
    control.recorder.flush(1000);
    await Promise.all(slots.map((s) => s.close(500)));
    const ops = intervals.reduce((n, m) => n + m.ops, 0);
    assert.ok(ops > 10, `${kind}: ops ${ops}`);
    assert.equal(phaseCount(intervals, 'bind'), ops, `${kind}: a bind per op`);
    if (kind === 'per-op') {
      for (const phase of ['connect', 'op', 'unbind'] as const) {
        assert.equal(phaseCount(intervals, phase), ops, `per-op: ${phase} per op`);
      }
      assert.equal(
        intervals.reduce((n, m) => n + (m.connectionsOpened ?? 0), 0),
        ops,
      );
    } else {
      assert.equal(
        intervals.reduce((n, m) => n + (m.connectionsOpened ?? 0), 0),
        1,
      );
    }
  }
});

test('an ldapts transparent reconnect is refused and counted; the slot reopens and counts a reconnect', async () => {
  const counters = new ConnectionCounters();
  const [slot] = await openSlots(params, 1, 1, () => false, counters);
  assert.ok(slot !== undefined);
  const dropped = slot.client;
  // Drop the connection under ldapts (as a server restart would).
  const socket = (dropped as unknown as { socket: Socket }).socket;
  const closed = new Promise((r) => socket.once('close', r));
  socket.destroy();
  await closed;
  assert.equal(dropped.isConnected, false);
  // An op on the dropped client would make ldapts reconnect by itself, unbound: refused instead.
  await assert.rejects(
    dropped.search(salfordPersonDn(slapd, 1), { scope: 'base' }),
    (err) => failureCodeName(err) === 'transparentReconnect',
  );
  const afterDrop = counters.take();
  assert.equal(afterDrop.connectionsOpened, 1, 'no hidden second connection');
  assert.equal(afterDrop.connectionsClosed, 1);
  await slot.reconnect(
    () => true,
    () => undefined,
  );
  const { searchEntries } = await slot.client.search(salfordPersonDn(slapd, 1), { scope: 'base' });
  assert.equal(searchEntries.length, 1, 'the reopened connection is bound again');
  const afterReopen = counters.take();
  assert.equal(afterReopen.connectionsOpened, 1);
  assert.equal(afterReopen.reconnects, 1);
  assert.ok(afterReopen.bytesSent > 0 && afterReopen.bytesReceived > 0);
  await slot.close(500);
});

test('without counters, openBoundClient keeps ldapts defaults (no gate)', async () => {
  const client = await openBoundClient(params);
  try {
    const { searchEntries } = await client.search(salfordPersonDn(slapd, 2), { scope: 'base' });
    assert.equal(searchEntries.length, 1);
  } finally {
    await closeQuietly(client, 500);
  }
});

test('StartTLS: per-op times the upgrade as its own phase; reconnect:20 re-upgrades each new connection', async () => {
  const tlsSlapd = await startTestSlapd(200, { anonymousRead: false, tls: true });
  // Workers are forked after this: they trust the test certificate from their start.
  const previousCa = process.env.NODE_EXTRA_CA_CERTS;
  process.env.NODE_EXTRA_CA_CERTS = tlsSlapd.caFile ?? '';
  try {
    const tlsParams: LdapConnectionParams = {
      url: tlsSlapd.url,
      startTls: true,
      bindDn: tlsSlapd.rootDn,
      password: tlsSlapd.rootPw,
      tcpNoDelay: true,
    };
    const perOp = await runPolicy({ kind: 'per-op' }, 2, 1, 2, tlsSlapd, tlsParams);
    assert.equal(perOp.summary.errors, 0, JSON.stringify(perOp.summary.errorsByCode));
    assert.ok(perOp.summary.ops > 10);
    const phases = perOp.samples[1]?.phaseLatencyUs;
    assert.ok((phases?.startTls?.p50 ?? 0) > 0, 'startTls phase recorded');
    assert.ok((phases?.connect?.p50 ?? 0) > 0 && (phases?.bind?.p50 ?? 0) > 0);
    // Wire bytes include the TLS handshake: far more than a plain request per op.
    const sent = total(perOp.samples, (s) => s.bytesSent);
    assert.ok(sent / perOp.summary.ops > 300, `sent/op ${sent / perOp.summary.ops}`);

    const recycled = await runPolicy(
      { kind: 'reconnect', everyOps: 20 },
      2,
      1,
      2,
      tlsSlapd,
      tlsParams,
    );
    assert.equal(recycled.summary.errors, 0, JSON.stringify(recycled.summary.errorsByCode));
    const opened = recycled.summary.connectionsOpened ?? 0;
    const expected = recycled.summary.ops / 20 + 2;
    assert.ok(Math.abs(opened - expected) <= 3, `opened ${opened}, expected ~${expected}`);
  } finally {
    if (previousCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = previousCa;
    await tlsSlapd.stop();
  }
});
