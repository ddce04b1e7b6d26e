import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  agentInboxPrefix,
  agentPermissions,
  agentSubjectPrefix,
  coordinatorPermissions,
} from './permissions.ts';

/** NATS subject matching: `*` one token, `>` the rest (one token or more). */
function matches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

const allowed = (patterns: readonly string[], subject: string): boolean =>
  patterns.some((pattern) => matches(pattern, subject));

test('an agent publishes only under its own prefix', () => {
  const p = agentPermissions('agent-1');
  assert.ok(allowed(p.publish, 'dirbench.agent.agent-1.results.run-1'));
  assert.ok(!allowed(p.publish, 'dirbench.agent.agent-2.results.run-1'));
  assert.ok(!allowed(p.publish, 'dirbench.agent.agent-10.x'));
  assert.ok(!allowed(p.publish, 'dirbench.control.go'));
  assert.ok(!allowed(p.publish, '$JS.API.STREAM.CREATE.x'));
  assert.ok(!allowed(p.publish, '_INBOX.abc'));
  // Answers to the coordinator's direct requests go through allow_responses instead.
  assert.equal(p.allowResponses, true);
});

test('an agent hears control broadcasts, its own subjects and its own inbox only', () => {
  const p = agentPermissions('agent-1');
  assert.ok(allowed(p.subscribe, 'dirbench.control.go'));
  assert.ok(allowed(p.subscribe, 'dirbench.agent.agent-1.prepare'));
  assert.ok(allowed(p.subscribe, `${agentInboxPrefix('agent-1')}.nuid.1`));
  assert.ok(!allowed(p.subscribe, 'dirbench.agent.agent-2.prepare'));
  assert.ok(!allowed(p.subscribe, `${agentInboxPrefix('agent-2')}.nuid.1`));
  assert.ok(!allowed(p.subscribe, '_INBOX.coordinatorsinbox.1'));
  assert.ok(!allowed(p.subscribe, 'dirbench.>'));
  assert.equal(agentSubjectPrefix('agent-1'), 'dirbench.agent.agent-1');
});

test('the coordinator has all DirBench subjects, the JetStream API and every inbox', () => {
  const p = coordinatorPermissions();
  for (const subject of [
    'dirbench.control.go',
    'dirbench.agent.agent-1.prepare',
    '$JS.API.STREAM.CREATE.results',
    '$JS.ACK.results.consumer.1.1.1.1.0',
    `${agentInboxPrefix('agent-1')}.nuid.1`,
  ])
    assert.ok(allowed(p.publish, subject), subject);
  assert.ok(allowed(p.subscribe, 'dirbench.agent.agent-7.results.run-1'));
  assert.ok(allowed(p.subscribe, '_INBOX.x.y'));
  assert.ok(!allowed(p.publish, '$SYS.REQ.SERVER.PING'));
});
