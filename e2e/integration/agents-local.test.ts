// Agents run inside the host (the Agents page's "Start here") as the API starts them: a broker the
// core owns, an agent in the coordinator's own process taking a run's load on the built-in
// responder, and the core's shutdown leaving no process behind.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { findNatsServer } from '../../src/core/broker/natsServer.ts';
import { descendantPids, processAlive } from '../../src/core/lab/processes.ts';
import { startResponder } from '../../src/core/responder/responder.ts';
import { waitFor } from './agentsHarness.ts';
import { within } from './fixtures/agentFleet.ts';
import { openScratchCore } from './fixtures/scratchCore.ts';

test(
  'a run takes its load from an agent inside the host; the host shut down, nothing it started is left',
  { timeout: 90_000 },
  async (t) => {
    assert.ok(findNatsServer() !== null, 'nats-server is needed: npm run test:setup installs it');
    const responder = await startResponder();
    t.after(() => responder.close());
    const { core, close, dataDir } = await openScratchCore('agents-local');
    let closed = false;
    t.after(async () => {
      if (!closed) await close();
    });
    const passwordFile = join(dataDir, 'ldap-password');
    writeFileSync(passwordFile, 'secret\n', { mode: 0o600 });
    const targetId = core.targets.save({
      name: 'responder',
      url: responder.url,
      startTls: false,
      bindDn: 'cn=loader,o=test',
      passwordFile,
      baseDn: responder.baseDn,
    }).id;

    const broker = await core.call('brokers/start', { agents: ['here1'] });
    const natsPid = broker.pid ?? assert.fail('the broker has no PID');
    assert.equal(
      (await core.call('agents/start', { broker: broker.id, name: 'here1' })).state,
      'running',
    );
    // As the page does: run once the broker lists the agent.
    await waitFor(
      'here1 listed',
      async () => (await core.call('agents/list', { broker: broker.id }))[0]?.state === 'idle',
      10_000,
    );
    const { done } = await core.startRun({
      ...{ targetId, workload: 'read-random', connections: 2, depth: 1, warmupS: 0, durationS: 2 },
      agents: { broker: broker.id, names: ['here1'] },
    });
    const run = await within(done, 60_000, 'run on the agent inside the host');
    assert.equal(run.status, 'completed', run.endReason ?? '');
    assert.ok((run.summary?.ops ?? 0) > 0, 'the agent did load the responder');
    assert.deepEqual(
      run.config.agents?.map((a) => [a.name, a.workers]),
      [['here1', [0]]],
    );
    assert.equal(run.config.broker, broker.url);

    // The host exits with its broker and agent running: both stop, and nothing is left under it.
    assert.ok(descendantPids(process.pid).has(natsPid), 'nats-server runs under this process');
    closed = true;
    await close();
    assert.equal(processAlive(natsPid), false);
    await waitFor(
      'nothing left under the host',
      () => descendantPids(process.pid).size === 0,
      5_000,
    );
  },
);
