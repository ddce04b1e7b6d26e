import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Client } from 'ldapts';
import type { IndexProfile } from '../../../shared/workload.ts';
import { dnKey } from '../../ldif/dn.ts';
import { attributeValues } from '../../ldif/edit.ts';
import { parseLdifText } from '../../ldif/parse.ts';
import type { LdifRecord } from '../../ldif/record.ts';
import { ldif2dbFailure, skippedEntries } from './import.ts';
import { findDs389, parseDs389Version } from './install.ts';
import { ds389CacheSizes, ds389DseLdif, ssha512Password } from './instance.ts';
import type { Ds389InstanceOptions } from './instance.ts';
import { ds389InstanceName, ds389Layout } from './layout.ts';
import { ds389OperationCounts } from './monitor.ts';

const GIB = 1024 ** 3;

/** A template in the shape of 389 DS 2.3's template-dse.ldif, cut down to what the driver edits. */
const MINI_TEMPLATE = `dn: cn=config
cn: config
objectclass:top
objectclass:nsslapdConfig
nsslapd-schemadir: %schema_dir%
nsslapd-port: %ds_port%
nsslapd-localuser: %ds_user%
nsslapd-rootdn: %rootdn%
nsslapd-rootpw: %ds_passwd%
nsslapd-errorlog: %log_dir%/errors
nsslapd-ldapilisten: %ldapi_enabled%

dn: cn=config,cn=ldbm database,cn=plugins,cn=config
objectclass: top
cn: config
nsslapd-directory: %db_dir%
nsslapd-backend-implement: %db_lib%

dn: cn=default indexes, cn=config,cn=ldbm database,cn=plugins,cn=config
objectclass: top
cn: default indexes

dn: cn=cn,cn=default indexes, cn=config,cn=ldbm database,cn=plugins,cn=config
objectclass: top
objectclass: nsIndex
cn: cn
nssystemindex: false
nsindextype: pres
nsindextype: eq

dn: cn=objectclass,cn=default indexes, cn=config,cn=ldbm database,cn=plugins,cn=config
objectclass: top
objectclass: nsIndex
cn: objectclass
nssystemindex: true
nsindextype: eq

dn: cn=telephoneNumber,cn=default indexes, cn=config,cn=ldbm database,cn=plugins,cn=config
objectclass: top
objectclass: nsIndex
cn: telephoneNumber
nssystemindex: false
nsindextype: eq

dn: cn=attribute uniqueness,cn=plugins,cn=config
objectclass: top
uniqueness-subtrees: %ds_suffix%
description: a long value folded
  over two lines

`;

function options(profile: IndexProfile, labDir = '/labs/lab 1'): Ds389InstanceOptions {
  return {
    layout: ds389Layout(labDir),
    port: 38_901,
    suffix: 'c=gb',
    rootDn: 'cn=Directory Manager',
    rootPasswordHash: '{SSHA512}abc',
    indexProfile: profile,
    entries: 10_000,
    localUser: 'dirbench',
    memoryBytes: 24 * GIB,
  };
}

const SALFORD_INDEXED: IndexProfile = {
  name: 'salford-indexed',
  description: '',
  indexes: [
    { attribute: 'objectClass', types: ['eq'] },
    { attribute: 'cn', types: ['eq', 'sub', 'pres'] },
  ],
};

/** The records of dse.ldif text. */
function records(text: string): LdifRecord[] {
  return parseLdifText(text, 'dse.ldif');
}

function entry(text: string, dn: string): LdifRecord | undefined {
  return records(text).find((r) => dnKey(r.dn) === dnKey(dn));
}

/** Values of `name` in the entry `dn` of `text` (none when the entry is missing). */
function valuesIn(text: string, dn: string, name: string): string[] {
  const block = entry(text, dn);
  return block === undefined ? [] : attributeValues(block, name);
}

test('dse.ldif points every path into the lab and sets benchmark limits', () => {
  const opts = options(SALFORD_INDEXED);
  const text = ds389DseLdif(MINI_TEMPLATE, opts);
  assert.doesNotMatch(text, /%[a-z_]+%/, 'every placeholder filled');
  const config = entry(text, 'cn=config');
  assert.ok(config);
  const one = (name: string): string | undefined => attributeValues(config, name)[0];
  assert.equal(one('nsslapd-schemadir'), opts.layout.schemaDir);
  assert.equal(one('nsslapd-errorlog'), `${opts.layout.logDir}/errors`);
  assert.equal(one('nsslapd-listenhost'), '127.0.0.1');
  assert.equal(one('nsslapd-port'), '38901');
  assert.deepEqual(attributeValues(config, 'nsslapd-port'), ['38901'], 'set once');
  assert.equal(one('nsslapd-localuser'), 'dirbench');
  assert.equal(one('nsslapd-sizelimit'), '-1');
  assert.equal(one('nsslapd-idletimeout'), '0');
  assert.equal(one('nsslapd-accesslog-logging-enabled'), 'off');
  assert.equal(one('nsslapd-errorlog-logging-enabled'), 'on');
  assert.equal(one('nsslapd-ldapilisten'), 'off');
  const ldbm = 'cn=config,cn=ldbm database,cn=plugins,cn=config';
  assert.deepEqual(valuesIn(text, ldbm, 'nsslapd-lookthroughlimit'), ['-1']);
  assert.deepEqual(valuesIn(text, `cn=bdb,${ldbm}`, 'nsslapd-db-home-directory'), [
    opts.layout.dbDir,
  ]);
  const backend = 'cn=userRoot,cn=ldbm database,cn=plugins,cn=config';
  assert.deepEqual(valuesIn(text, backend, 'nsslapd-suffix'), ['c=gb']);
  assert.deepEqual(valuesIn(text, backend, 'nsslapd-directory'), [opts.layout.backendDir]);
  assert.ok(entry(text, 'cn="c=gb",cn=mapping tree,cn=config'));
  assert.deepEqual(valuesIn(text, 'cn=attribute uniqueness,cn=plugins,cn=config', 'description'), [
    'a long value folded over two lines',
  ]);
  // The path with a space stays readable; nothing outside the lab but the semaphore.
  assert.ok(text.includes('/labs/lab 1/'));
  assert.ok(!/\/etc\/dirsrv|\/var\/lib\/dirsrv|\/dev\/shm/.test(text));
});

test('indexes follow the profile: system indexes kept, other defaults dropped', () => {
  const indexesOf = (profile: IndexProfile): Record<string, string[]> => {
    const text = ds389DseLdif(MINI_TEMPLATE, options(profile));
    const found: Record<string, string[]> = {};
    for (const block of records(text)) {
      if (!/,cn=default indexes,/.test(dnKey(block.dn))) continue;
      const name = (attributeValues(block, 'cn')[0] ?? '').toLowerCase();
      found[name] = attributeValues(block, 'nsIndexType').sort();
    }
    return found;
  };
  assert.deepEqual(indexesOf(SALFORD_INDEXED), { cn: ['eq', 'pres', 'sub'], objectclass: ['eq'] });
  assert.deepEqual(
    indexesOf({
      name: 'u',
      description: '',
      indexes: [
        { attribute: 'objectClass', types: ['eq', 'pres'] },
        { attribute: 'mail', types: ['eq', 'approx'] },
      ],
    }),
    { objectclass: ['eq', 'pres'], mail: ['approx', 'eq'] },
  );
});

test('the installed template gives a complete dse.ldif', { skip: !findDs389().ok }, () => {
  const found = findDs389();
  assert.ok(found.ok);
  const text = ds389DseLdif(
    readFileSync(found.install.templateDse, 'utf8'),
    options(SALFORD_INDEXED),
  );
  assert.doesNotMatch(text, /%[a-z_]+%/);
  assert.ok(entry(text, 'cn=ldbm database,cn=plugins,cn=config'), 'plugins kept');
  const defaults = records(text).filter((b) => /,cn=default indexes,/.test(dnKey(b.dn)));
  assert.ok(
    defaults.every(
      (b) =>
        attributeValues(b, 'nsSystemIndex')[0]?.toLowerCase() === 'true' ||
        ['cn', 'objectclass'].includes((attributeValues(b, 'cn')[0] ?? '').toLowerCase()),
    ),
    'only system indexes and the profile',
  );
  assert.ok(existsSync(found.install.nsSlapd));
});

test('caches grow with the lab and stay within the machine', () => {
  const small = ds389CacheSizes(1_000, 24 * GIB);
  assert.equal(small.entryCache, 64 * 1024 ** 2);
  const tenK = ds389CacheSizes(10_000, 24 * GIB);
  assert.ok(tenK.entryCache >= 10_000 * 5_300, 'a 10K lab fits in the entry cache');
  const tenM = ds389CacheSizes(10_000_000, 24 * GIB);
  assert.equal(tenM.entryCache, 6 * GIB);
  assert.ok(tenM.entryCache + tenM.dbCache + tenM.dnCache <= 10 * GIB);
  assert.ok(tenM.importCache <= 4 * GIB);
});

test('instances of different labs get different names; the same lab the same name', () => {
  assert.equal(ds389InstanceName('/a/lab'), ds389InstanceName('/a/lab/'));
  assert.notEqual(ds389InstanceName('/a/lab1'), ds389InstanceName('/a/lab2'));
  const layout = ds389Layout('/a/lab1');
  assert.match(layout.configDir, /^\/a\/lab1\/slapd-dirbench-[0-9a-f]{12}$/);
  assert.equal(layout.statsSemaphore, `/dev/shm/sem.slapd-${layout.instanceName}.stats`);
});

test('the root password hash is a salted SHA-512', () => {
  const hash = ssha512Password('secret', Buffer.from('12345678'));
  assert.match(hash, /^\{SSHA512\}/);
  assert.equal(Buffer.from(hash.slice(9), 'base64').length, 64 + 8);
  assert.notEqual(ssha512Password('secret'), ssha512Password('secret'), 'random salt');
});

test('versions and ldif2db outcomes are read from the tools output', () => {
  assert.equal(
    parseDs389Version('389 Project\n389-Directory/2.3.1 B2025.016.1616\n'),
    '389 Directory Server 2.3.1',
  );
  assert.equal(parseDs389Version('usage: ns-slapd'), null);
  const log = [
    '[24/Nov/2026:00:38:41.288 +0000] - ERR - slapi_entry_schema_check_ext - Entry "cn=y" has unknown object class "bogus"',
    '[24/Nov/2026:00:38:41.288 +0000] - WARN - bdb_import_producer - import userRoot: Skipping entry "cn=y" which violates schema',
    '[24/Nov/2026:00:38:41.996 +0000] - INFO - bdb_public_bdb_import_main - import userRoot: Import complete.  Processed 15 entries (2 were skipped) in 1 seconds.',
  ].join('\n');
  assert.equal(skippedEntries(log), 2);
  assert.equal(skippedEntries('Import complete.  Processed 15 entries in 1 seconds.'), 0);
  const failure = ldif2dbFailure(log);
  assert.match(failure, /Skipping entry "cn=y"/);
  assert.match(failure, /unknown object class/);
  assert.doesNotMatch(failure, /\[24\/Nov/, 'timestamps stripped');
});

test('operation counts sum the SNMP counters by kind', async () => {
  const client = {
    search: () =>
      Promise.resolve({
        searchEntries: [
          {
            dn: 'cn=snmp,cn=monitor',
            anonymousbinds: '1',
            unauthbinds: '0',
            simpleauthbinds: '5',
            strongauthbinds: '2',
            bindsecurityerrors: '1',
            searchops: '40',
            addentryops: '3',
            modifyentryops: '0',
          },
        ],
      }),
  } as unknown as Client;
  assert.deepEqual(await ds389OperationCounts(client), {
    bind: 9,
    search: 40,
    add: 3,
    modify: 0,
  });
});
