import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import { confArg, mdbMaxSizeBytes, slapdConf, sshaPassword, writeSlapdConf } from './config.ts';
import { findOpenLdap, openLdapAvailability } from './install.ts';
import type { OpenLdapInstall } from './install.ts';

/** A fake OpenLDAP layout: executable slapd/slapadd, schema files and optionally the mdb module. */
async function fakeInstall(root: string, withModule: boolean): Promise<void> {
  await mkdir(join(root, 'sbin'), { recursive: true });
  await mkdir(join(root, 'schema'), { recursive: true });
  await mkdir(join(root, 'modules'), { recursive: true });
  for (const bin of ['slapd', 'slapadd']) {
    await writeFile(join(root, 'sbin', bin), '#!/bin/sh\n');
    await chmod(join(root, 'sbin', bin), 0o755);
  }
  for (const schema of ['core', 'cosine', 'inetorgperson']) {
    await writeFile(join(root, 'schema', `${schema}.schema`), '');
  }
  if (withModule) await writeFile(join(root, 'modules', 'back_mdb.la'), '');
}

test('finds binaries, schemas and the module in the given places', async (t) => {
  const root = await mkdtemp(join(tmpdir(), 'dirbench-openldap-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await fakeInstall(root, true);
  const paths = {
    binDirs: [join(root, 'nowhere'), join(root, 'sbin')],
    schemaDirs: [join(root, 'schema')],
    moduleDirs: [join(root, 'modules')],
  };
  const found = findOpenLdap(paths);
  assert.deepEqual(found, {
    ok: true,
    install: {
      slapd: join(root, 'sbin', 'slapd'),
      slapadd: join(root, 'sbin', 'slapadd'),
      schemaDir: join(root, 'schema'),
      moduleDir: join(root, 'modules'),
    },
  });
  const availability = openLdapAvailability(paths);
  assert.equal(availability.available, true);
  assert.match(availability.detail, /slapd: .*sbin\/slapd/);
});

test('a build without the module file is taken to have mdb built in', async (t) => {
  const root = await mkdtemp(join(tmpdir(), 'dirbench-openldap-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await fakeInstall(root, false);
  const found = findOpenLdap({
    binDirs: [join(root, 'sbin')],
    schemaDirs: [join(root, 'schema')],
    moduleDirs: [join(root, 'modules')],
  });
  assert.ok(found.ok);
  assert.equal(found.install.moduleDir, null);
  assert.doesNotMatch(
    slapdConf({
      install: found.install,
      labDir: '/l',
      entries: 1,
      suffix: 'c=gb',
      rootDn: 'cn=admin,c=gb',
      rootPasswordHash: 'x',
      indexProfile: { name: 'none', description: 'none', indexes: [] },
    }),
    /moduleload/,
  );
});

test('when OpenLDAP is missing the detail says how to install it', () => {
  const availability = openLdapAvailability({ binDirs: [], schemaDirs: [], moduleDirs: [] });
  assert.equal(availability.available, false);
  assert.equal(availability.kind, 'openldap');
  const install = LAB_KINDS.openldap.install;
  assert.ok(install.from === 'package' && availability.detail.startsWith(install.hint));
  assert.match(availability.detail, /apt-get install slapd ldap-utils/);
  assert.match(availability.detail, /dnf install openldap-servers/);
  assert.match(availability.detail, /brew install openldap/);
  assert.match(availability.detail, /Missing: slapd, slapadd, schema files/);
});

test('SSHA hashes verify the way slapd checks them', () => {
  const salt = Buffer.from('0011223344556677', 'hex');
  const hash = sshaPassword('s3cret', salt);
  assert.ok(hash.startsWith('{SSHA}'));
  const raw = Buffer.from(hash.slice('{SSHA}'.length), 'base64');
  assert.equal(raw.length, 20 + 8);
  assert.deepEqual(raw.subarray(20), salt);
  const expected = createHash('sha1').update('s3cret').update(salt).digest();
  assert.deepEqual(raw.subarray(0, 20), expected);
  assert.notEqual(sshaPassword('s3cret'), sshaPassword('s3cret'), 'random salt');
});

test('config arguments with spaces or quotes are quoted', () => {
  assert.equal(confArg('/usr/lib/ldap'), '/usr/lib/ldap');
  assert.equal(
    confArg('/Users/a/Library/Application Support/x'),
    '"/Users/a/Library/Application Support/x"',
  );
  assert.equal(confArg('a"b\\c'), '"a\\"b\\\\c"');
});

test('slapd.conf carries the lab settings the benchmarks depend on', async (t) => {
  const labDir = await mkdtemp(join(tmpdir(), 'dirbench lab '));
  t.after(() => rm(labDir, { recursive: true, force: true }));
  const install: OpenLdapInstall = {
    slapd: '/usr/sbin/slapd',
    slapadd: '/usr/sbin/slapadd',
    schemaDir: '/etc/ldap/schema',
    moduleDir: '/usr/lib/ldap',
    staticBackends: ['config', 'ldif', 'monitor'],
  };
  const paths = await writeSlapdConf({
    install,
    labDir,
    entries: 2_000_000,
    suffix: 'c=gb',
    rootDn: 'cn=admin,c=gb',
    rootPasswordHash: '{SSHA}abc',
    indexProfile: {
      name: 'salford-indexed',
      description: 'cn',
      indexes: [
        { attribute: 'objectClass', types: ['eq'] },
        { attribute: 'cn', types: ['eq', 'sub', 'pres'] },
      ],
    },
    toolThreads: 2,
  });
  assert.deepEqual(paths, {
    slapd: join(labDir, 'slapd.conf'),
    slapadd: join(labDir, 'slapadd.conf'),
  });
  const conf = await readFile(paths.slapd, 'utf8');
  // The bulk loader writes through the memory map; the server keeps the defaults.
  const loaderConf = await readFile(paths.slapadd, 'utf8');
  assert.equal(loaderConf, conf.replace('\ndatabase mdb\n', '\ndatabase mdb\nenvflags writemap\n'));
  assert.doesNotMatch(conf, /envflags/);
  const lines = conf.split('\n');
  for (const expected of [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    `pidfile "${join(labDir, 'slapd.pid')}"`,
    `argsfile "${join(labDir, 'slapd.args')}"`,
    'sizelimit unlimited',
    'timelimit unlimited',
    'conn_max_pending 10000',
    'conn_max_pending_auth 10000',
    'tool-threads 2',
    'database mdb',
    `maxsize ${2_000_000 * 8192}`,
    'suffix c=gb',
    'rootdn cn=admin,c=gb',
    'rootpw {SSHA}abc',
    `directory "${join(labDir, 'db')}"`,
    'index objectClass eq',
    'index cn eq,sub,pres',
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by * read',
    'database monitor',
    'access to * by dn.exact=cn=admin,c=gb read by * none',
  ]) {
    assert.ok(lines.includes(expected), `missing line: ${expected}`);
  }
  // Access rules are evaluated in order: the userPassword rule must come first.
  assert.ok(
    lines.indexOf('access to * by * read') >
      lines.indexOf('access to attrs=userPassword by self write by anonymous auth by * none'),
  );
  assert.ok(lines.indexOf('database mdb') < lines.indexOf('suffix c=gb'));
  assert.equal(lines.filter((l) => l === 'index objectClass eq').length, 1, 'objectClass once');
});

test('the map size is at least 1 GiB and grows with the entry count', () => {
  assert.equal(mdbMaxSizeBytes(1), 2 ** 30);
  assert.equal(mdbMaxSizeBytes(10_000_000), 10_000_000 * 8192);
});
