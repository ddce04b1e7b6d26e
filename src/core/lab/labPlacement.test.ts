import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WorkloadSpec } from '../../shared/workload.ts';
import { entryPickerFor } from '../workload/entryPicker.ts';
import { labDnRebase, protocolEntryAdapter, workloadOnLab } from './labPlacement.ts';
import { sambaAdProtocolEntry } from './sambaAd/accounts.ts';

const inDomain = { shape: 'salford', suffix: 'c=gb,DC=dirbench,DC=test' };

/** One operation of each DN-carrying kind, written for the Salford tree, with a pool. */
const spec: WorkloadSpec = {
  id: 'test/every-dn',
  title: 'every DN field',
  operations: [
    {
      label: 's',
      weight: 1,
      operation: {
        kind: 'search',
        base: 'o=Salford,c=gb',
        scope: 'sub',
        filter: '(cn=x)',
        attributes: [],
      },
    },
    {
      label: 'a',
      weight: 1,
      operation: {
        kind: 'add',
        template: { dn: 'cn=[unique],ou=Finance,o=Salford,c=gb', attributes: [] },
      },
    },
    { label: 'm', weight: 1, operation: { kind: 'modify', entryDn: '[entry:dn]', changes: [] } },
    {
      label: 'c',
      weight: 1,
      operation: { kind: 'compare', entryDn: 'cn=A,o=Salford,c=gb', attribute: 'sn', value: 'x' },
    },
    { label: 'd', weight: 1, operation: { kind: 'delete' } },
    {
      label: 'b',
      weight: 1,
      operation: { kind: 'bind', bindDn: 'cn=B,o=Salford,c=gb', password: 'p' },
    },
    {
      label: 'p',
      weight: 1,
      operation: { kind: 'bind', bindDn: 'u:[entry:uid]', password: 'p', mechanism: 'PLAIN' },
    },
    {
      label: 't',
      weight: 1,
      operation: {
        kind: 'bind',
        bindDn: '',
        password: 'p',
        search: { base: 'c=gb', scope: 'sub', filter: '(uid=x)' },
      },
    },
    {
      label: 'sm',
      weight: 1,
      operation: {
        kind: 'search-and-modify',
        search: {
          kind: 'search',
          base: 'ou=Finance,o=Salford,c=gb',
          scope: 'one',
          filter: '(cn=*)',
          attributes: [],
        },
        changes: [],
      },
    },
  ],
  pool: { entries: 10, template: { dn: 'cn=[unique],[entry:parent]', attributes: [] } },
};

test('labDnRebase: only a lab whose kind moved the shape suffix has a move', () => {
  assert.equal(labDnRebase({ shape: 'salford', suffix: 'c=gb' }), null);
  assert.equal(labDnRebase({ shape: 'flat', suffix: 'C=BA' }), null);
  assert.deepEqual(labDnRebase(inDomain), { from: 'c=gb', to: 'c=gb,DC=dirbench,DC=test' });
});

test('workloadOnLab moves every literal DN of a workload onto the lab, leaving tokens and SASL identities', () => {
  const moved = workloadOnLab(spec, inDomain);
  const op = (i: number) => moved.operations[i]?.operation as unknown as Record<string, unknown>;
  assert.equal(op(0)['base'], 'o=Salford,c=gb,DC=dirbench,DC=test');
  assert.deepEqual(op(1)['template'], {
    dn: 'cn=[unique],ou=Finance,o=Salford,c=gb,DC=dirbench,DC=test',
    attributes: [],
  });
  assert.equal(op(2)['entryDn'], '[entry:dn]');
  assert.equal(op(3)['entryDn'], 'cn=A,o=Salford,c=gb,DC=dirbench,DC=test');
  assert.equal(op(5)['bindDn'], 'cn=B,o=Salford,c=gb,DC=dirbench,DC=test');
  assert.equal(op(6)['bindDn'], 'u:[entry:uid]');
  assert.deepEqual(op(7)['search'], {
    base: 'c=gb,DC=dirbench,DC=test',
    scope: 'sub',
    filter: '(uid=x)',
  });
  assert.equal(
    (op(8)['search'] as { base: string }).base,
    'ou=Finance,o=Salford,c=gb,DC=dirbench,DC=test',
  );
  assert.equal(moved.pool?.template.dn, 'cn=[unique],[entry:parent]');
  assert.equal(
    workloadOnLab(spec, { shape: 'salford', suffix: 'c=gb' }),
    spec,
    'untouched elsewhere',
  );
  assert.equal(
    (spec.operations[0]?.operation as { base: string }).base,
    'o=Salford,c=gb',
    'the original is not changed',
  );
});

test('a generated directory moved into the domain yields moved DNs, in the DN and in the entry', () => {
  const picker = entryPickerFor({
    kind: 'salford',
    entries: 100,
    seed: 1,
    rebase: { from: 'c=gb', to: inDomain.suffix },
  });
  const plain = entryPickerFor({ kind: 'salford', entries: 100, seed: 1 });
  for (const i of [0, 42, 99]) {
    assert.equal(picker.dn(i), `${plain.dn(i)},DC=dirbench,DC=test`);
    assert.equal(picker.entry(i)['dn'], picker.dn(i));
    assert.equal(picker.entry(i)['cn'], plain.entry(i)['cn']);
  }
});

test('a protocol load of a Samba AD lab moves each entry and adds persons with passwords as enabled accounts', () => {
  const adapt = protocolEntryAdapter(inDomain, { protocolEntry: sambaAdProtocolEntry });
  assert.ok(adapt !== undefined);
  const person = adapt({
    dn: 'cn=P,ou=Finance,o=Salford,c=gb',
    attributes: { objectClass: ['top', 'inetOrgPerson'], cn: ['P'], userPassword: ['secret'] },
    line: 1,
  });
  assert.equal(person.dn, 'cn=P,ou=Finance,o=Salford,c=gb,DC=dirbench,DC=test');
  assert.deepEqual(person.attributes['userAccountControl'], ['512']);
  assert.deepEqual(person.attributes['userPassword'], ['secret'], 'kept, as AD keeps it');
  assert.deepEqual(person.attributes['unicodePwd'], [Buffer.from('"secret"', 'utf16le')]);
  const unit = adapt({
    dn: 'ou=Finance,o=Salford,c=gb',
    attributes: { objectClass: ['organizationalUnit'] },
    line: 9,
  });
  assert.equal(unit.attributes['userAccountControl'], undefined, 'not an account');
  assert.equal(
    protocolEntryAdapter({ shape: 'salford', suffix: 'c=gb' }, {}),
    undefined,
    'other kinds: as written',
  );
});
