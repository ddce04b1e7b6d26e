import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { newCredentials, readCredentialsFile, writeCredentialFiles } from './credentials.ts';

test('credential files are mode 600 and hold what a client needs; passwords differ', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-creds-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const users = newCredentials(['agent-1', 'rack_2']);
  const files = writeCredentialFiles(
    dir,
    { url: 'tls://127.0.0.1:4223', agentUrl: 'tls://host.example:4223' },
    join(dir, 'ca.pem'),
    users,
  );
  const all = [
    files.coordinatorCredentialsFile,
    files.agentCredentialsFile,
    ...Object.values(files.agentCredentialFiles),
  ];
  assert.equal(all.length, 4);
  for (const file of all) assert.equal(statSync(file).mode & 0o777, 0o600, file);
  assert.deepEqual(Object.keys(files.agentCredentialFiles), ['agent-1', 'rack_2']);
  assert.match(files.agentCredentialFiles['rack_2'] ?? '', /agent-rack_2\.creds\.json$/);

  const coordinator = readCredentialsFile(files.coordinatorCredentialsFile);
  assert.deepEqual(coordinator, {
    url: 'tls://127.0.0.1:4223',
    caFile: join(dir, 'ca.pem'),
    user: 'coordinator',
    password: users.coordinator.password,
  });
  const agent = readCredentialsFile(files.agentCredentialFiles['agent-1'] ?? '');
  assert.equal(agent.url, 'tls://host.example:4223');
  assert.equal(agent.user, 'agent-1');
  assert.equal(agent.inboxPrefix, '_INBOX.agent.agent-1');
  const list = JSON.parse(readFileSync(files.agentCredentialsFile, 'utf8')) as {
    agents: { name: string }[];
  };
  assert.deepEqual(
    list.agents.map((a) => a.name),
    ['agent-1', 'rack_2'],
  );
  const passwords = [users.coordinator.password, ...users.agents.map((a) => a.password)];
  assert.equal(new Set(passwords).size, passwords.length);
  for (const password of passwords) assert.match(password, /^[A-Za-z0-9_-]{22}$/);
});

test('a missing file or field is a validation error naming the file', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-creds-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  assert.throws(() => readCredentialsFile(join(dir, 'none.json')), /no such file/);
  const partial = join(dir, 'partial.json');
  writeFileSync(partial, JSON.stringify({ url: 'tls://x:1', caFile: 'ca.pem', user: 'u' }));
  assert.throws(() => readCredentialsFile(partial), /partial\.json has no "password"/);
  // Cut short or garbled: the file holds a password, so the message quotes none of it.
  const cut = join(dir, 'cut.json');
  writeFileSync(cut, '{"user": "u", "password": "Zq7-secret\u001b[2J"');
  assert.throws(
    () => readCredentialsFile(cut),
    (err: unknown) =>
      err instanceof Error &&
      /cut\.json: it is not valid JSON: Bad control character in string literal at position 37 \(line 1 column 38\)$/.test(
        err.message,
      ) &&
      !err.message.includes('Zq7'),
  );
});
