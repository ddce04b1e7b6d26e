import assert from 'node:assert/strict';
import { test } from 'node:test';
import { natsConfigText } from './natsConfig.ts';
import { agentPermissions, coordinatorPermissions } from './permissions.ts';

const input = {
  serverName: 'broker-abc123',
  host: '127.0.0.1',
  port: 4223,
  certFile: '/data/brokers/broker-abc123/tls/server.pem',
  keyFile: '/data/my "odd" folder/server.key',
  storeDir: '/data/brokers/broker-abc123/jetstream',
  users: [
    { user: 'coordinator', password: 'pw-c', permissions: coordinatorPermissions() },
    { user: 'agent-1', password: 'pw-1', permissions: agentPermissions('agent-1') },
  ],
};

test('TLS with verify false and no other listener; JetStream in the store folder', () => {
  const text = natsConfigText(input);
  assert.match(text, /^host: "127\.0\.0\.1"$/m);
  assert.match(text, /^port: 4223$/m);
  assert.match(
    text,
    /tls \{\n {2}cert_file: "[^"]+server\.pem"\n {2}key_file: [^\n]+\n {2}verify: false/,
  );
  assert.match(
    text,
    /jetstream \{\n {2}store_dir: "\/data\/brokers\/broker-abc123\/jetstream"\n\}/,
  );
  // Only one client listener: no websocket, leafnode, cluster, HTTP monitor or plain port.
  assert.doesNotMatch(text, /websocket|leafnodes|cluster|http|no_auth_user|allow_non_tls/);
  // Quotes in paths are escaped, not ending the string.
  assert.ok(text.includes('key_file: "/data/my \\"odd\\" folder/server.key"'));
});

test('each user with its password and permissions; only agents may answer requests', () => {
  const text = natsConfigText(input);
  const [coordinator, agent] = text.split('    {').slice(1);
  assert.match(coordinator ?? '', /user: "coordinator"\n {6}password: "pw-c"/);
  assert.match(coordinator ?? '', /publish: \{ allow: \["dirbench\.>", "\$JS\.API\.>"/);
  assert.doesNotMatch(coordinator ?? '', /allow_responses/);
  assert.match(agent ?? '', /user: "agent-1"\n {6}password: "pw-1"/);
  assert.match(agent ?? '', /publish: \{ allow: \["dirbench\.agent\.agent-1\.>"\] \}/);
  assert.match(
    agent ?? '',
    /subscribe: \{ allow: \["dirbench\.control\.>", "dirbench\.agent\.agent-1\.>", "_INBOX\.agent\.agent-1\.>"\] \}/,
  );
  assert.match(agent ?? '', /allow_responses: true/);
  assert.throws(() => natsConfigText({ ...input, users: [] }), /at least one user/);
});
