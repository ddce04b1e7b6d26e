// The Agents screen and runs from agents against a real broker: a broker recorded in the serve
// process's data folder (the owned-broker fixture), two `dirbench agent` processes, and a lab.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import test from 'node:test';
import type { TestContext } from 'node:test';
import type { BrokerInfo } from '../../src/core/broker/brokerRecord.ts';
import { stopBrokerProcess } from '../../src/core/broker/brokerProcess.ts';
import { findNatsServer } from '../../src/core/broker/natsServer.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall, openFinishedRun, startLabTarget } from '../helpers/uiFlows.ts';
import { agentConnected } from '../integration/agentsHarness.ts';
import { CLI } from '../integration/cliHarness.ts';

const BROKER_FIXTURE = fileURLToPath(
  new URL('../integration/fixtures/startOwnedBroker.ts', import.meta.url),
);
const AGENT_NAMES = ['rack1', 'rack2'];

interface Spawned {
  child: ChildProcess;
  stderr: () => string;
}

/** Kills what `spawned` holds by PID, whatever state the test ended in. */
function killAll(spawned: readonly Spawned[]): void {
  for (const { child } of spawned.toReversed())
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
      process.kill(child.pid, 'SIGKILL');
}

/**
 * A broker recorded in `dataDir` (so the serve process lists it) and one agent process per name,
 * each connected; everything is stopped after test `t`, also when it fails.
 */
async function startBrokerAndAgents(t: TestContext, dataDir: string): Promise<BrokerInfo> {
  const spawned: Spawned[] = [];
  let broker: BrokerInfo | undefined;
  t.after(async () => {
    killAll(spawned);
    if (broker?.pid) await stopBrokerProcess(broker.pid, join(broker.dir, 'nats.conf'));
  });
  const start = (args: string[]): Spawned => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const s = { child, stderr: () => stderr };
    spawned.push(s);
    return s;
  };
  const dbFile = join(dataDir, 'dirbench.sqlite');
  const owner = start([BROKER_FIXTURE, dataDir, dbFile, AGENT_NAMES.join(',')]);
  const lines = createInterface({ input: owner.child.stdout ?? assert.fail('no stdout') });
  const timer = setTimeout(() => lines.close(), 30_000);
  for await (const line of lines) {
    broker = JSON.parse(line) as BrokerInfo;
    break;
  }
  clearTimeout(timer);
  lines.close();
  const started = broker ?? assert.fail(`no broker within 30 s: ${owner.stderr()}`);
  for (const name of AGENT_NAMES) {
    const file = started.agentCredentialFiles[name] ?? assert.fail(`no credentials for ${name}`);
    await agentConnected(start([CLI, 'agent', '--name', name, '--credentials-file', file]));
  }
  return started;
}

test('the Agents screen lists the agents of a running broker, idle with a clock offset', async (t) => {
  assert.ok(findNatsServer() !== null, 'nats-server is needed: npm run test:setup installs it');
  const { page, serve } = await startUi(t);
  await waitReady(page);
  await showRoute(page, '#/agents');
  // No broker yet: the screen offers to start one.
  await page.getByText('No broker is running').waitFor();
  await page.getByRole('form', { name: 'Start a broker' }).waitFor();
  await saveScreenshot(page, 'agents-no-broker.png');

  const broker = await startBrokerAndAgents(t, serve.dataDir);
  // A broker started since: Refresh brokers picks it.
  await page.getByRole('button', { name: 'Refresh brokers' }).click();
  await page.getByRole('option', { name: new RegExp(broker.id) }).waitFor({ state: 'attached' });
  assert.equal(await page.getByLabel('Broker', { exact: true }).inputValue(), broker.id);
  const rows = page.getByTestId('agent-row');
  await page.locator('[data-testid="agent-row"][data-state="idle"]').nth(1).waitFor();
  assert.deepEqual(
    await rows.evaluateAll((r) => r.map((row) => row.getAttribute('data-agent'))),
    AGENT_NAMES,
  );
  for (const name of AGENT_NAMES) {
    const row = page.locator(`[data-testid="agent-row"][data-agent="${name}"]`);
    const clock = row.getByTestId('agent-clock');
    // Same machine, same clock: well within 5 ms, so green.
    assert.match(await clock.innerText(), /^[+−]\d+\.\d ms\s+± \d+\.\d$/);
    assert.equal(await clock.getAttribute('data-tone'), 'good');
    assert.match(await row.getByTestId('agent-last-seen').innerText(), /s ago$/);
  }
  // It refreshes: a heartbeat every 2 s keeps "last seen" under 6 s for a while.
  const first = await apiCall(page, 'agents/list', { broker: broker.id });
  assert.deepEqual(first.map((a) => a.state).sort(), ['idle', 'idle']);
  // Agents connected from elsewhere (here: other processes) are not started again from the page.
  assert.equal(await page.getByRole('button', { name: /^Start agent/ }).count(), 0);
  await saveScreenshot(page, 'agents-cli-broker.png');

  // A broker that is not there: a clear error naming it, and no table.
  await page
    .getByLabel('Broker', { exact: true })
    .selectOption({ label: 'Another broker, by URL…' });
  await page.getByLabel('Broker URL').fill('tls://127.0.0.1:1');
  await page.getByLabel('Coordinator credentials file').fill(broker.coordinatorCredentialsFile);
  const error = page.getByTestId('agents-error');
  await error.waitFor({ timeout: 10_000 });
  assert.match(await error.innerText(), /No broker answers at tls:\/\/127\.0\.0\.1:1/);
  await saveScreenshot(page, 'agents-unreachable.png');
  assert.equal(await rows.count(), 0);
});

test(
  'a short run from the run form with Load from = agents completes on both agents',
  { timeout: 240_000 },
  async (t) => {
    assert.ok(findNatsServer() !== null, 'nats-server is needed: npm run test:setup installs it');
    const { page, serve } = await startUi(t);
    await waitReady(page);
    const broker = await startBrokerAndAgents(t, serve.dataDir);
    const targetId = await startLabTarget(page, 1000);

    await showRoute(page, '#/run');
    await page.getByLabel('Target', { exact: true }).selectOption(targetId);
    await page.getByLabel('Warm-up (s)').fill('0');
    await page.getByLabel('Duration (s)').fill('2');
    await page.getByRole('radio', { name: 'Agents' }).check();
    assert.equal(await page.getByLabel('Broker', { exact: true }).inputValue(), broker.id);
    const choices = page.getByTestId('run-agents-agent-choices');
    for (const name of AGENT_NAMES) await choices.getByText(name, { exact: true }).waitFor();
    assert.match(
      await page.getByTestId('run-form-summary').innerText(),
      new RegExp(`load from every connected agent via broker ${broker.id}$`),
    );
    await page.locator('#run-agents').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, 'run-form-agents.png');

    await page.getByTestId('start-run').click();
    await page.getByTestId('live-run').waitFor({ timeout: 30_000 });
    const runId = await openFinishedRun(page, 90_000);
    const run = await apiCall(page, 'history/get', { runId });
    assert.deepEqual(run.config.agents?.map((a) => a.name).sort(), AGENT_NAMES);
    assert.equal(run.config.broker, broker.url);
    assert.ok((run.summary?.opsPerSec ?? 0) > 0, 'the agents did load the lab');
  },
);

test('a matrix built with Load from = agents saves them for every cell', async (t) => {
  assert.ok(findNatsServer() !== null, 'nats-server is needed: npm run test:setup installs it');
  const { page, serve } = await startUi(t);
  await waitReady(page);
  const broker = await startBrokerAndAgents(t, serve.dataDir);
  await showRoute(page, '#/matrix');
  await page.getByLabel('Name', { exact: true }).fill('on-agents');
  await page.getByRole('radio', { name: 'Agents' }).check();
  const choices = page.getByTestId('matrix-agents-agent-choices');
  await choices.getByText('rack2', { exact: true }).waitFor();
  await page.getByRole('checkbox', { name: /Every connected agent/ }).uncheck();
  await choices.getByRole('checkbox', { name: /rack2/ }).uncheck();
  await page.getByRole('radio', { name: 'Go on without it' }).check();
  await page.locator('[data-testid="matrix-summary"][data-state="valid"]').waitFor();
  await page.locator('#matrix-agents').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await saveScreenshot(page, 'matrix-builder-agents.png');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved as user/on-agents.').waitFor();
  const saved = await apiCall(page, 'matrix/get', { id: 'user/on-agents' });
  assert.deepEqual(saved.agents, { broker: broker.id, names: ['rack1'], onAgentLoss: 'continue' });
});
