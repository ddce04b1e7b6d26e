// The Agents page running a broker and agents itself: it starts a broker and agents inside the
// serve host, shows them connect, stops an agent and then the broker (asking first, since an agent
// is connected), and nothing the host started is left; nor when the host exits with them running.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import test from 'node:test';
import { descendantPids, processAlive } from '../../src/core/lab/processes.ts';
import { findNatsServer } from '../../src/core/broker/natsServer.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall } from '../helpers/uiFlows.ts';
import { waitFor } from '../integration/agentsHarness.ts';

test(
  'the Agents page starts a broker and agents here, shows them live, stops them and leaves no process',
  { timeout: 120_000 },
  async (t) => {
    assert.ok(findNatsServer() !== null, 'nats-server is needed: npm run test:setup installs it');
    const { page, serve } = await startUi(t);
    await waitReady(page);
    await showRoute(page, '#/agents');
    const servePid = serve.pid ?? assert.fail('serve has no PID');
    assert.deepEqual([...descendantPids(servePid).keys()], [], 'serve runs nothing yet');

    const form = page.getByRole('form', { name: 'Start a broker' });
    await page.getByLabel('Agent names').fill('rack1, rack2');
    // A port another program holds is refused at the port, in one line.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise<void>((resolve) => holder.close(() => resolve())));
    const held = (holder.address() as { port: number }).port;
    await page.getByLabel('Port').fill(String(held));
    await form.getByRole('button', { name: 'Start broker' }).click();
    const portError = page.locator('#broker-port-error');
    await portError.waitFor();
    assert.match(
      await portError.innerText(),
      new RegExp(`^port ${held} on 127\\.0\\.0\\.1 is already in use by another program`),
    );
    await page.getByLabel('Port').fill('');
    await form.getByRole('button', { name: 'Start broker' }).click();
    const facts = page.locator('[data-testid="broker-facts"][data-state="running"]');
    await facts.waitFor({ timeout: 30_000 });
    const [broker] = await apiCall(page, 'brokers/list', undefined);
    assert.equal(broker?.persistent, false, 'a broker started from the page stops with DirBench');
    const natsPid = broker?.pid ?? assert.fail('the broker has no PID');
    assert.ok(descendantPids(servePid).has(natsPid), 'nats-server runs under the serve host');
    const row = (name: string, state: string) =>
      page.locator(`[data-testid="agent-row"][data-agent="${name}"][data-state="${state}"]`);
    await row('rack1', 'not-connected').waitFor();
    await row('rack2', 'not-connected').waitFor();

    // An agent inside the host: it connects and its heartbeats show within one poll.
    await page.getByRole('button', { name: 'Start agent rack1 here' }).click();
    await row('rack1', 'idle').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('broker-connected').innerText(), '1');
    const rack1 = page.locator('[data-testid="agent-row"][data-agent="rack1"]');
    assert.equal(await rack1.getByTestId('agent-clock').getAttribute('data-tone'), 'good');
    assert.equal(await rack1.locator('.tag').textContent(), 'here');
    // The next agent's command for another terminal names its own credentials file.
    await page.getByTestId('broker-loopback-note').waitFor();
    assert.equal(await page.getByLabel('Commands for').inputValue(), 'rack2');
    const command = await page.getByTestId('agent-commands').innerText();
    assert.ok(
      command.includes(
        `dirbench agent --name rack2 --credentials-file ${broker.agentCredentialFiles['rack2']}`,
      ),
      command,
    );
    await page.mouse.move(0, 0);
    await saveScreenshot(page, 'agents.png');

    // An agent running no run stops without a question; its old heartbeat does not bring it back.
    await page.getByRole('button', { name: 'Stop agent rack1' }).click();
    await row('rack1', 'stopped').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Start agent rack2 here' }).click();
    await row('rack2', 'idle').waitFor({ timeout: 20_000 });

    // A broker an agent is using: the host asks first, naming it (rack1 has stopped).
    await page.getByRole('button', { name: 'Stop broker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop broker' });
    assert.equal(
      await dialog.getByTestId('confirm-reason').innerText(),
      'Agent rack2 is connected to it.',
    );
    await saveScreenshot(page, 'agents-stop-broker.png');
    await dialog.getByRole('button', { name: 'Stop broker' }).click();
    await page.getByText('No broker is running').waitFor({ timeout: 20_000 });
    assert.deepEqual(await apiCall(page, 'agents/local', undefined), []);
    assert.equal((await apiCall(page, 'brokers/list', undefined))[0]?.state, 'stopped');
    // Nothing the host started is left: nats-server and its watchdog are gone.
    await waitFor('no process under serve', () => descendantPids(servePid).size === 0, 5_000);
    assert.equal(processAlive(natsPid), false);

    // A broker and agent left running when the host exits stop with it.
    const second = await apiCall(page, 'brokers/start', { agents: ['rack1'] });
    await apiCall(page, 'agents/start', { broker: second.id, name: 'rack1' });
    const secondPid = second.pid ?? assert.fail('the second broker has no PID');
    assert.ok(processAlive(secondPid));
    await serve.stop();
    await waitFor('nats-server gone with its host', () => !processAlive(secondPid), 5_000);
  },
);
