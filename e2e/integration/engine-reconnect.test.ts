// The load engine rides out a server restart: dropped connections are counted, re-opened and re-bound.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RunConfig, RunSample } from '../../src/shared/types.ts';
import { salfordPersonDn } from '../../src/core/datagen/salford.ts';
import { closeQuietly, openBoundClient } from '../../src/core/ldap/connection.ts';
import { failureCodeName } from '../../src/core/ldap/failure.ts';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import { startRun } from '../../src/core/runner/orchestrator.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';
import { READ_RANDOM } from '../../src/core/workload/builtin.ts';

let slapd: TestSlapd;

before(async () => {
  // Anonymous may not read: a connection re-opened without its bind would fail every search.
  slapd = await startTestSlapd(300, { anonymousRead: false });
});
after(async () => {
  await slapd.stop();
});

test('anonymous connections cannot read this server (what makes the next test meaningful)', async () => {
  const client = await openBoundClient({
    url: slapd.url,
    startTls: false,
    bindDn: '',
    password: '',
    tcpNoDelay: true,
  });
  try {
    const read = client
      .search(salfordPersonDn(slapd, 1), { scope: 'base' })
      .then((r) => r.searchEntries.length);
    await assert.rejects(read, (err) => failureCodeName(err) === 'insufficientAccessRights');
  } finally {
    await closeQuietly(client, 500);
  }
});

test('a server restart mid-run shows up as errors, then load resumes on fresh connections', async () => {
  const config: RunConfig = {
    targetId: 't',
    workload: 'read-random',
    workloadSpec: READ_RANDOM,
    connections: 2,
    depth: 2,
    warmupS: 0,
    durationS: 6,
    workers: 1,
    tcpNoDelay: true,
    seed: 3,
    targetName: 'slapd',
    url: slapd.url,
    startTls: false,
    bindDn: slapd.rootDn,
    baseDn: slapd.baseDn,
    entries: slapd.entries,
    loadModel: 'closed',
    connectionPolicy: { kind: 'persistent' },
    targetOpsPerSec: null,
    rateProfile: null,
    cooldownS: 0,
  };
  const samples: RunSample[] = [];
  let markRunning!: () => void;
  const running = new Promise<void>((resolve) => (markRunning = resolve));
  const handle = startRun(
    {
      runId: 'r',
      config,
      // Bound as the root DN: after the restart, reads only succeed if the new connections were bound again.
      connection: {
        url: slapd.url,
        startTls: false,
        bindDn: slapd.rootDn,
        password: slapd.rootPw,
        tcpNoDelay: true,
      },
      dnSource: { kind: 'salford', entries: slapd.entries, seed: slapd.seed },
    },
    forkLauncher(),
    {
      onSample: (s) => samples.push(s),
      onPhase: (p) => p === 'running' && markRunning(),
    },
  );
  await running;
  await new Promise((r) => setTimeout(r, 1500));
  await slapd.restart();
  const outcome = await handle.done;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.equal(samples.length, 6);
  const errors = samples.reduce((n, s) => n + s.errors, 0);
  assert.ok(errors > 0, 'the dropped requests are counted as errors');
  // Both connections dropped and were reopened outside the policy: counted, not hidden.
  const reconnects = samples.reduce((n, s) => n + (s.reconnects ?? 0), 0);
  assert.ok(reconnects >= 2, `reconnects ${reconnects}`);
  assert.equal(outcome.summary?.reconnects, reconnects);
  const codes = new Set(samples.flatMap((s) => Object.keys(s.errorsByCode)));
  for (const code of codes) {
    assert.ok(
      // A stopping slapd announces it with a Notice of Disconnection to the ops in flight.
      [
        'connectionClosed',
        'ECONNRESET',
        'ECONNREFUSED',
        'EPIPE',
        'unavailable',
        'busy',
        'noticeOfDisconnection',
      ].includes(code),
      code,
    );
  }
  const last = samples[5] as RunSample;
  assert.ok(last.ops > 0, 'load resumed after the restart');
  assert.equal(last.errors, 0);
  assert.equal(last.entries, last.ops);
});
