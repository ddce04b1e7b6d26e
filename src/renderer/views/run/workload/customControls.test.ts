// The custom operation's request controls: what the form builds, what the host accepts, where errors go.
import assert from 'node:assert/strict';
import test from 'node:test';
import { validateWorkloadSpec } from '../../../../core/workload/validateWorkload.ts';
import { ApiError } from '../../../../shared/errors.ts';
import { thrownBy } from '../../../../core/testing/thrownBy.ts';
import { controlCount, customControls } from './customControls.ts';
import {
  customFieldForPath,
  customSpec,
  defaultCustomValues,
  localCustomErrors,
} from './customOperation.ts';
import type { CustomOpValues, CustomPatch } from './customOperation.ts';

const FILLED: CustomPatch = {
  proxyAs: 'dn:[entry:dn]',
  assertionFilter: '(objectClass=person)',
  preRead: 'description',
  postRead: 'description, cn',
  permissiveModify: true,
  rawControls: '2.16.840.1.113730.3.4.2:true\n\n1.2.3.4:false::AAE=\n',
};

test('a modify carries every control the form offers, and the host accepts them', () => {
  const values = { ...defaultCustomValues(), kind: 'modify' as const, ...FILLED };
  const spec = validateWorkloadSpec(customSpec(values));
  const operation = spec.operations[0]?.operation;
  assert.deepEqual(operation?.kind === 'modify' ? operation.controls : null, [
    { type: 'proxied-auth', authzId: 'dn:[entry:dn]' },
    { type: 'assertion', filter: '(objectClass=person)' },
    { type: 'pre-read', attributes: ['description'] },
    { type: 'post-read', attributes: ['description', 'cn'] },
    { type: 'permissive-modify' },
    { type: 'raw', oid: '2.16.840.1.113730.3.4.2', critical: true },
    { type: 'raw', oid: '1.2.3.4', critical: false, valueBase64: 'AAE=' },
  ]);
  assert.equal(controlCount('modify', values), 7);
});

test('each kind gets only the controls it can carry; a bind none; nothing typed, no controls field', () => {
  const types = (kind: CustomOpValues['kind']) =>
    customControls(kind, { ...defaultCustomValues(), ...FILLED }).map((c) => c.type);
  assert.deepEqual(types('search'), ['proxied-auth', 'assertion', 'raw', 'raw']);
  assert.deepEqual(types('add'), ['proxied-auth', 'assertion', 'post-read', 'raw', 'raw']);
  assert.deepEqual(types('delete'), ['proxied-auth', 'assertion', 'pre-read', 'raw', 'raw']);
  assert.deepEqual(types('bind'), []);
  for (const kind of ['search', 'add', 'delete', 'modrdn', 'compare'] as const) {
    const values: CustomOpValues = { ...defaultCustomValues(), kind, ...FILLED };
    if (kind === 'delete' || kind === 'modrdn') values.poolEntries = '10';
    validateWorkloadSpec(customSpec(values));
  }
  assert.ok(!('controls' in (customSpec(defaultCustomValues()).operations[0]?.operation ?? {})));
});

test('an unreadable raw control is a local error naming the line; host errors land on their field', () => {
  const values = { ...defaultCustomValues(), rawControls: 'ManageDsaIT:true' };
  assert.match(localCustomErrors(values).rawControls ?? '', /must start with a numeric OID/);
  assert.deepEqual(customControls('search', values), []);
  const bad = { ...defaultCustomValues(), kind: 'modify' as const, proxyAs: 'uid=x' };
  const err = thrownBy(() => validateWorkloadSpec(customSpec(bad)), ApiError, 'accepted');
  assert.equal(customFieldForPath('modify', err.field ?? ''), 'proxyAs');
  assert.equal(
    customFieldForPath('search', 'operations[0].operation.controls[1].filter'),
    'assertionFilter',
  );
  assert.equal(
    customFieldForPath('modify', 'operations[0].operation.controls[2].attributes[0]'),
    'controls',
  );
});

test('a custom bind can be DIGEST-MD5 or CRAM-MD5 by user name', () => {
  for (const bindMechanism of ['DIGEST-MD5', 'CRAM-MD5'] as const) {
    const values = {
      ...defaultCustomValues(),
      kind: 'bind' as const,
      bindMechanism,
      bindDn: '[entry:uid]',
    };
    const operation = validateWorkloadSpec(customSpec(values)).operations[0]?.operation;
    assert.equal(operation?.kind === 'bind' ? operation.mechanism : null, bindMechanism);
  }
});
