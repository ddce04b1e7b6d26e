import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { tempDir } from '../testing/tempDirFixture.ts';
import { thrownBy } from '../testing/thrownBy.ts';
import { numberedAgentNames } from './agentNames.ts';
import { readAgentCredentials } from './agentCredentials.ts';
import { newCredentials, writeCredentialFiles } from './credentials.ts';

const URLS = { url: 'tls://127.0.0.1:4223', agentUrl: 'tls://bench-host:4223' };

async function brokerFiles(t: Parameters<typeof tempDir>[0], names: readonly string[]) {
  const dir = await tempDir(t, 'dirbench-agent-creds-');
  const users = newCredentials(names);
  return { users, ...writeCredentialFiles(dir, URLS, join(dir, 'ca.pem'), users) };
}

test("the broker's agents.creds.json gives the entry --name picks, with the bundle's url and CA", async (t) => {
  const { users, agentCredentialsFile, agentCredentialFiles } = await brokerFiles(t, [
    'rack1',
    'rack2',
  ]);
  const rack2 = users.agents[1] ?? assert.fail();
  const fromBundle = readAgentCredentials(agentCredentialsFile, 'rack2');
  assert.deepEqual(fromBundle, {
    name: 'rack2',
    url: 'tls://bench-host:4223',
    caFile: join(agentCredentialsFile, '..', 'ca.pem'),
    user: 'rack2',
    password: rack2.password,
    inboxPrefix: '_INBOX.agent.rack2',
  });
  // The agent's own file says the same.
  assert.deepEqual(
    readAgentCredentials(agentCredentialFiles['rack2'] ?? assert.fail(), 'rack2'),
    fromBundle,
  );
});

test('without --name, or with a name it lacks, the bundle is refused listing its agents', async (t) => {
  const { agentCredentialsFile } = await brokerFiles(t, ['rack1', 'rack2']);
  const missing = thrownBy(
    () => readAgentCredentials(agentCredentialsFile, undefined),
    ApiError,
    'no name',
  );
  assert.equal(missing.field, 'name');
  assert.match(
    missing.message,
    /agents\.creds\.json holds the credentials of agents rack1, rack2: say which one this agent is with --name$/,
  );
  const unknown = thrownBy(
    () => readAgentCredentials(agentCredentialsFile, 'rack3'),
    ApiError,
    'unknown name',
  );
  assert.equal(unknown.field, 'name');
  assert.match(unknown.message, /has no agent "rack3"; it holds agents rack1, rack2$/);
});

test('a bundle of many agents names the first 20 and counts the rest', async (t) => {
  const { agentCredentialsFile } = await brokerFiles(t, numberedAgentNames(25));
  const err = thrownBy(() => readAgentCredentials(agentCredentialsFile, 'x'), ApiError, 'many');
  assert.match(err.message, /it holds agents agent-1, agent-2, .*, agent-20 and 5 more$/);
});

test("an agent's own file must match --name; the coordinator's is no agent's", async (t) => {
  const { coordinatorCredentialsFile, agentCredentialFiles } = await brokerFiles(t, ['rack1']);
  const own = agentCredentialFiles['rack1'] ?? assert.fail();
  assert.match(
    thrownBy(() => readAgentCredentials(own, 'rack2'), ApiError, 'mismatch').message,
    /--name rack2 does not match .*agent-rack1\.creds\.json, which is agent "rack1"'s/,
  );
  assert.match(
    thrownBy(() => readAgentCredentials(own, undefined), ApiError, 'no name').message,
    /which agent\? .* is agent "rack1"'s credentials file: add --name rack1$/,
  );
  const coordinator = thrownBy(
    () => readAgentCredentials(coordinatorCredentialsFile, 'rack1'),
    ApiError,
    'coordinator',
  );
  assert.equal(coordinator.field, 'credentialsFile');
  assert.match(coordinator.message, /is not an agent's credentials file \(it names no agent\)/);
});
