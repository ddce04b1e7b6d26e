// The slapd.conf edits of replicated OpenLDAP labs: syncprov on the supplier, syncrepl on consumers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { slapdConf } from './config.ts';
import type { SlapdConfOptions } from './config.ts';
import type { LabServerConfig } from '../driver.ts';
import { consumerConf, supplierConf } from './replicas.ts';

const OPTIONS: SlapdConfOptions = {
  install: {
    slapd: '/usr/sbin/slapd',
    slapadd: '/usr/sbin/slapadd',
    schemaDir: '/etc/ldap/schema',
    moduleDir: '/usr/lib/ldap',
  },
  labDir: '/tmp/lab',
  entries: 1000,
  suffix: 'c=gb',
  rootDn: 'cn=admin,c=gb',
  rootPasswordHash: '{SSHA}x',
  indexProfile: { name: 'none', description: '', indexes: [] },
  toolThreads: 1,
};

test('a supplier loads syncprov, indexes entryCSN and entryUUID, and runs the overlay before its access rules', () => {
  const lines = supplierConf(slapdConf(OPTIONS)).split('\n');
  const at = (line: string) => lines.indexOf(line);
  assert.equal(at('moduleload syncprov'), at('moduleload back_mdb') + 1);
  assert.equal(at('index entryCSN,entryUUID eq'), at('directory /tmp/lab/db') + 1);
  assert.ok(at('overlay syncprov') > at('database mdb'));
  assert.ok(at('overlay syncprov') < at('access to * by * read'));
  assert.ok(at('syncprov-checkpoint 100 1') > at('overlay syncprov'));
});

test('a consumer replicates the suffix from the supplier with refreshAndPersist, retrying for ever', () => {
  const config: LabServerConfig = {
    labDir: '/tmp/lab/replicas/r2',
    port: 2,
    suffix: 'c=gb',
    rootDn: 'cn=admin,c=gb',
    rootPassword: 'pw',
    indexProfile: { name: 'none', description: '', indexes: [] },
    entries: 1000,
  };
  const text = consumerConf(slapdConf(OPTIONS), 'ldap://127.0.0.1:1', config, 2);
  const syncrepl = text.split('\n').find((l) => l.startsWith('syncrepl ')) ?? '';
  for (const part of [
    'rid=002',
    'provider=ldap://127.0.0.1:1',
    'type=refreshAndPersist',
    'retry="1 +"',
    'searchbase=c=gb',
    'binddn=cn=admin,c=gb',
    'credentials=pw',
  ])
    assert.ok(` ${syncrepl} `.includes(` ${part} `), `${part} in ${syncrepl}`);
  assert.doesNotMatch(text, /overlay syncprov/);
});
