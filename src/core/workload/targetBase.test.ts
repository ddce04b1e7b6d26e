import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RootDseInfo } from '../../shared/targetTypes.ts';
import type { WorkloadOperation, WorkloadSpec } from '../../shared/workload.ts';
import { firstNamingContext, workloadDnSuffix } from './targetBase.ts';

function spec(...operations: WorkloadOperation[]): WorkloadSpec {
  return {
    id: 'adhoc',
    title: 'test',
    operations: operations.map((operation, i) => ({ label: `op${i}`, weight: 1, operation })),
  };
}

function search(base: string): WorkloadOperation {
  return { kind: 'search', base, scope: 'base', filter: '(objectClass=*)', attributes: [] };
}

function modify(entryDn: string): WorkloadOperation {
  return {
    kind: 'modify',
    entryDn,
    changes: [{ operation: 'replace', attribute: 'description', values: ['x'] }],
  };
}

test('a range in the first RDN leaves the rest of the DN as the base', () => {
  const pattern = 'uid=user.[1-1000000],ou=People,dc=example,dc=com';
  assert.deepEqual(workloadDnSuffix(spec(modify(pattern))), {
    baseDn: 'ou=People,dc=example,dc=com',
    patterns: [pattern],
  });
  assert.equal(
    workloadDnSuffix(spec(search('uid=user.[1-10],ou=People,dc=example,dc=com')))?.baseDn,
    'ou=People,dc=example,dc=com',
  );
});

test('the tail after the last varying RDN is taken, tokens in later RDNs included', () => {
  assert.equal(
    workloadDnSuffix(spec(search('uid=u[1-9],ou=unit[1-3],o=Example')))?.baseDn,
    'o=Example',
  );
  assert.equal(workloadDnSuffix(spec(search('uid=u[1-9],ou=unit[1-3]'))), null);
});

test('patterns that name whole DNs have no literal suffix', () => {
  for (const whole of [
    '[file:dns.txt]',
    '[sequentialfile:dns.txt]',
    '[streamfile:dns.txt]',
    '[entry:dn]',
  ]) {
    assert.equal(workloadDnSuffix(spec(search(whole))), null, whole);
    assert.equal(workloadDnSuffix(spec(modify(whole))), null, whole);
  }
});

test('a literal search base is the subtree itself; a literal entry DN gives its parent', () => {
  assert.equal(workloadDnSuffix(spec(search('dc=example,dc=com')))?.baseDn, 'dc=example,dc=com');
  assert.equal(
    workloadDnSuffix(spec(modify('uid=user.1,ou=People,dc=example,dc=com')))?.baseDn,
    'ou=People,dc=example,dc=com',
  );
  assert.equal(workloadDnSuffix(spec(modify('o=Example'))), null);
});

test('commas inside a token and escaped commas do not split RDNs; [[ is a literal bracket', () => {
  assert.equal(
    workloadDnSuffix(spec(modify('cn=[random:5:a,b],ou=x\\,y,o=Example')))?.baseDn,
    'ou=x\\,y,o=Example',
  );
  assert.equal(
    workloadDnSuffix(spec(modify('cn=[1-5],ou=a[[b]],o=Example')))?.baseDn,
    'ou=a[b],o=Example',
  );
  assert.equal(
    workloadDnSuffix(spec(modify('cn=[1-5],ou=a[[[[b]]]],o=Example')))?.baseDn,
    'ou=a[[b]],o=Example',
    'each escape is read once: two literal brackets stay two',
  );
});

test('a mix gets the suffix its patterns share, compared without case or spaces around =', () => {
  const mix = spec(
    search('DC=Example, DC=com'),
    modify('uid=user.[1-10],ou=People,dc=example,dc=com'),
    search('[file:dns.txt]'),
  );
  assert.deepEqual(workloadDnSuffix(mix), {
    baseDn: 'DC=Example,DC=com',
    patterns: ['DC=Example, DC=com', 'uid=user.[1-10],ou=People,dc=example,dc=com'],
  });
  assert.equal(workloadDnSuffix(spec(search('o=A'), search('o=B'))), null);
});

test('binds: the search base of search-then-bind, a simple bind DN, never a PLAIN identity', () => {
  const searchThenBind: WorkloadOperation = {
    kind: 'bind',
    bindDn: '',
    password: 'password',
    search: { base: 'dc=example,dc=com', scope: 'sub', filter: '(uid=user.[1-10])' },
  };
  assert.equal(workloadDnSuffix(spec(searchThenBind))?.baseDn, 'dc=example,dc=com');
  const simple: WorkloadOperation = {
    kind: 'bind',
    bindDn: 'uid=user.[1-10],ou=People,dc=example,dc=com',
    password: 'password',
  };
  assert.equal(workloadDnSuffix(spec(simple))?.baseDn, 'ou=People,dc=example,dc=com');
  const plain: WorkloadOperation = { ...simple, bindDn: 'u:user.[1-10]', mechanism: 'PLAIN' };
  assert.equal(workloadDnSuffix(spec(plain)), null);
});

test('adds and pools: the template DN after its [unique] RDN', () => {
  const template = {
    dn: 'cn=[unique],ou=Added,o=Example',
    attributes: [{ name: 'objectClass', values: ['person'] }],
  };
  assert.equal(workloadDnSuffix(spec({ kind: 'add', template }))?.baseDn, 'ou=Added,o=Example');
  const pooled = { ...spec({ kind: 'delete' }), pool: { entries: 10, template } };
  assert.equal(workloadDnSuffix(pooled)?.baseDn, 'ou=Added,o=Example');
});

test('the first non-empty naming context of the root DSE', () => {
  const rootDse: RootDseInfo = {
    vendorName: null,
    vendorVersion: null,
    namingContexts: ['', 'dc=example,dc=com', 'o=other'],
    supportedLDAPVersion: ['3'],
    supportedControl: [],
    supportedExtension: [],
    supportedSASLMechanisms: [],
  };
  assert.equal(firstNamingContext(rootDse), 'dc=example,dc=com');
  assert.equal(firstNamingContext({ ...rootDse, namingContexts: [] }), null);
});
