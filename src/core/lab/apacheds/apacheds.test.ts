import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import type { IndexProfile } from '../../../shared/workload.ts';
import { labConfig, MAX_ENTRY_CACHE, profileIndexAttributes, setLdapPort } from './config.ts';
import { APACHEDS_JARS } from './install.ts';
import { heapMb } from './server.ts';

const SERVICE = 'ads-directoryServiceId=default,ou=config';
const SERVER = `ads-serverId=ldapServer,ou=servers,${SERVICE}`;

/** The entries of the package's config.ldif that a lab's configuration touches. */
const TEMPLATE = [
  'version: 1',
  'dn: ou=config\nou: config\nobjectclass: top\nobjectclass: organizationalUnit',
  `dn: ${SERVICE}\nobjectclass: ads-directoryService\nads-directoryserviceid: default`,
  `dn: ou=partitions,${SERVICE}\nou: partitions\nobjectclass: organizationalUnit`,
  `dn: ads-partitionId=system,ou=partitions,${SERVICE}\nads-partitionSuffix: ou=system\nads-partitionid: system`,
  `dn: ads-partitionId=example,ou=partitions,${SERVICE}\nads-partitionSuffix: dc=example,dc=com\nads-partitionid: example`,
  `dn: ou=indexes,ads-partitionId=example,ou=partitions,${SERVICE}\nou: indexes`,
  `dn: ou=servers,${SERVICE}\nou: servers`,
  `dn: ${SERVER}\nads-serverId: ldapServer\nads-maxSizeLimit: 1000\nads-maxTimeLimit: 15000\nads-replEnabled: true`,
  `dn: ou=transports,${SERVER}\nou: transports`,
  `dn: ads-transportid=ldap,ou=transports,${SERVER}\nads-systemport: 10389\nads-transportaddress: 0.0.0.0\nads-transportid: ldap`,
  `dn: ads-transportid=ldaps,ou=transports,${SERVER}\nads-systemport: 10636\nads-transportid: ldaps`,
].join('\n\n');

const PROFILE: IndexProfile = {
  name: 'test',
  description: '',
  indexes: [
    { attribute: 'objectClass', types: ['eq'] },
    { attribute: 'cn', types: ['eq', 'sub', 'pres'] },
    { attribute: 'CN', types: ['eq'] },
    { attribute: 'sn', types: ['eq'] },
  ],
};

test('one JDBM index per profile attribute, beside the system indexes', () => {
  assert.deepEqual(profileIndexAttributes(PROFILE), ['cn', 'sn']);
});

test("a lab's configuration holds its suffix, indexes and loopback port, not the example", () => {
  const config = labConfig(TEMPLATE, {
    suffix: 'o=Salford,c=gb',
    indexProfile: PROFILE,
    entries: 2_000,
  });
  setLdapPort(config, 40_389);
  const text = config.toString();
  assert.doesNotMatch(text, /example/i, 'the example partition and its indexes are gone');
  assert.doesNotMatch(text, /ads-transportid=ldaps/i, 'no LDAPS listener on 0.0.0.0');
  const partition = `ads-partitionId=lab,ou=partitions,${SERVICE}`;
  assert.deepEqual(config.values(partition, 'ads-partitionSuffix'), ['o=Salford,c=gb']);
  assert.deepEqual(config.values(partition, 'ads-partitioncachesize'), ['10000']);
  const indexes = config.children(`ou=indexes,${partition}`).map((dn) => /=([^,]+),/.exec(dn)?.[1]);
  assert.ok(indexes.includes('cn') && indexes.includes('sn') && indexes.includes('objectClass'));
  assert.equal(indexes.filter((a) => a?.toLowerCase() === 'cn').length, 1);
  assert.equal(indexes.filter((a) => a === 'objectClass').length, 1);
  const transport = `ads-transportid=ldap,ou=transports,${SERVER}`;
  assert.deepEqual(config.values(transport, 'ads-systemport'), ['40389']);
  assert.deepEqual(config.values(transport, 'ads-transportaddress'), ['127.0.0.1']);
  assert.deepEqual(config.values(SERVER, 'ads-maxSizeLimit'), ['2147483647']);
  assert.deepEqual(config.values(SERVER, 'ads-maxTimeLimit'), ['86400000']);
  assert.deepEqual(config.values(SERVER, 'ads-replEnabled'), ['FALSE']);
});

test('a template without the LDAP server is refused, naming the entry', () => {
  const broken = TEMPLATE.split('\n\n').slice(0, 5).join('\n\n');
  assert.throws(
    () => labConfig(broken, { suffix: 'c=gb', indexProfile: PROFILE, entries: 10 }),
    /config\.ldif has no entry ads-transportid=ldap/,
  );
});

test('the heap grows with the entry cache, which stops at its cap', () => {
  assert.equal(heapMb(2_000), 512 + 10 * 12);
  assert.equal(heapMb(100_000), 512 + 100 * 12);
  assert.equal(heapMb(10_000_000), heapMb(MAX_ENTRY_CACHE));
});

test("the row's install hint installs the package of every jar a lab needs, and nothing else", () => {
  const install = LAB_KINDS.apacheds.install;
  assert.equal(install.from, 'package');
  const command = /sudo apt-get install ([\w .-]+?) \(/.exec(
    install.from === 'package' ? install.hint : '',
  );
  assert.deepEqual(command?.[1]?.split(' '), [...new Set(APACHEDS_JARS.map((j) => j.package))]);
});
