// The OpenDJ driver's pure parts: config.ldif editing, lab settings, Java versions, import output,
// monitor counts, the zip reader. The real server runs in e2e/integration/lab-opendj.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { deflateRawSync, crc32 } from 'node:zlib';
import { ConfigLdif } from '../configLdif.ts';
import { parseJavaVersion } from '../java.ts';
import { ImportProgress, parseImportSummary } from './importLdif.ts';
import {
  applyLabSettings,
  heapMib,
  importHeapMib,
  indexDn,
  javaProperties,
  labIndexes,
} from './labSettings.ts';
import { countsFromStatistics } from './monitor.ts';
import { cleanLine } from './output.ts';
import { mavenFetchCommand, zipCandidates } from './software.ts';
import { extractZip, readZipEntry } from '../unzip.ts';

const GIB = 1024 ** 3;

/** A cut-down config.ldif as setup writes it (unfolded lines, comment header). */
const SETUP_CONFIG = `# This file contains the primary Directory Server configuration.
dn: cn=config
cn: config
ds-cfg-invalid-attribute-syntax-behavior: reject
ds-cfg-lookthrough-limit: 5000
ds-cfg-size-limit: 1000
ds-cfg-time-limit: 60 seconds
objectClass: ds-cfg-root-config
objectClass: top

dn: cn=Administration Connector,cn=config
cn: Administration Connector
ds-cfg-listen-address: 0.0.0.0
ds-cfg-listen-port: 4444
objectClass: ds-cfg-administration-connector
objectClass: top

dn: ds-cfg-backend-id=userRoot,cn=Backends,cn=config
ds-cfg-backend-id: userRoot
ds-cfg-base-dn: c=gb
objectClass: ds-cfg-backend
objectClass: top

dn: cn=Index,ds-cfg-backend-id=userRoot,cn=Backends,cn=config
cn: Index
objectClass: ds-cfg-branch
objectClass: top

dn: ds-cfg-attribute=aci,cn=Index,ds-cfg-backend-id=userRoot,cn=Backends,cn=config
ds-cfg-attribute: aci
ds-cfg-index-type: presence
objectClass: ds-cfg-backend-index
objectClass: top

dn: ds-cfg-attribute=telephoneNumber,cn=Index,ds-cfg-backend-id=userRoot,cn=Backends,cn=config
ds-cfg-attribute: telephoneNumber
ds-cfg-index-type: equality
ds-cfg-index-type: substring
objectClass: ds-cfg-backend-index
objectClass: top

dn: cn=LDAP Connection Handler,cn=Connection Handlers,cn=config
cn: LDAP Connection Handler
ds-cfg-listen-address: 0.0.0.0
ds-cfg-listen-port: 1389
objectClass: ds-cfg-connection-handler
objectClass: top

dn: cn=File-Based Access Logger,cn=Loggers,cn=config
cn: File-Based Access Logger
ds-cfg-enabled: true
objectClass: top

`;

test('config.ldif round-trips byte for byte and edits in place', () => {
  const config = ConfigLdif.parse(SETUP_CONFIG);
  assert.equal(config.toString(), SETUP_CONFIG);
  config.set('CN=Config', 'ds-cfg-size-limit', ['0']);
  config.set('cn=config', 'ds-cfg-disabled-privilege', ['unindexed-search']);
  assert.deepEqual(config.values('cn = config', 'DS-CFG-SIZE-LIMIT'), ['0']);
  const text = config.toString();
  assert.match(text, /ds-cfg-lookthrough-limit: 5000\nds-cfg-size-limit: 0\n/);
  // A new attribute goes before the objectClass lines.
  assert.match(
    text,
    /ds-cfg-disabled-privilege: unindexed-search\nobjectClass: ds-cfg-root-config/,
  );
  config.set('cn=config', 'description', [' leading space']);
  assert.deepEqual(config.values('cn=config', 'description'), [' leading space']);
  assert.match(config.toString(), /description:: IGxlYWRpbmcgc3BhY2U=/);
  assert.throws(() => config.set('cn=nothing', 'a', ['b']), /no entry cn=nothing/);
});

test('config.ldif parsing unfolds continuation lines and removes subtrees', () => {
  const config = ConfigLdif.parse('dn: cn=a,cn=config\ncn: a\ndescription: long\n  value\n\n');
  assert.deepEqual(config.values('cn=a,cn=config', 'description'), ['long value']);
  const full = ConfigLdif.parse(SETUP_CONFIG);
  assert.equal(full.remove('ds-cfg-backend-id=userRoot,cn=Backends,cn=config'), 4);
  assert.equal(full.has('cn=Index,ds-cfg-backend-id=userRoot,cn=Backends,cn=config'), false);
});

test('lab settings: loopback, no limits, no access log, exactly the profile indexes', () => {
  const config = ConfigLdif.parse(SETUP_CONFIG);
  applyLabSettings(config, {
    name: 'salford-indexed',
    description: '',
    indexes: [
      { attribute: 'objectClass', types: ['eq'] },
      { attribute: 'cn', types: ['eq', 'sub', 'pres'] },
      { attribute: 'aci', types: ['eq'] },
    ],
  });
  const handler = 'cn=LDAP Connection Handler,cn=Connection Handlers,cn=config';
  assert.deepEqual(config.values(handler, 'ds-cfg-listen-address'), ['127.0.0.1']);
  assert.deepEqual(config.values(handler, 'ds-cfg-listen-port'), ['1389']);
  assert.deepEqual(
    config.values('cn=Administration Connector,cn=config', 'ds-cfg-listen-address'),
    ['127.0.0.1'],
  );
  assert.deepEqual(
    config.values('cn=File-Based Access Logger,cn=Loggers,cn=config', 'ds-cfg-enabled'),
    ['false'],
  );
  assert.deepEqual(config.values('cn=config', 'ds-cfg-size-limit'), ['0']);
  assert.deepEqual(config.values('cn=config', 'ds-cfg-lookthrough-limit'), ['0']);
  assert.deepEqual(config.values('cn=config', 'ds-cfg-invalid-attribute-syntax-behavior'), [
    'warn',
  ]);
  assert.equal(config.has(indexDn('telephoneNumber')), false, 'setup index beyond the profile');
  assert.deepEqual(config.values(indexDn('cn'), 'ds-cfg-index-type'), [
    'equality',
    'presence',
    'substring',
  ]);
  // The profile's aci equality joins the system presence index on one entry.
  assert.deepEqual(config.values(indexDn('aci'), 'ds-cfg-index-type'), ['equality', 'presence']);
  assert.deepEqual(config.values(indexDn('objectClass'), 'ds-cfg-index-type'), ['equality']);
});

test('every lab keeps the system indexes, whatever the profile', () => {
  const indexes = labIndexes({ name: 'none', description: '', indexes: [] });
  assert.deepEqual([...indexes.keys()].sort(), [
    'aci',
    'ds-sync-conflict',
    'ds-sync-hist',
    'entryUUID',
    'objectClass',
  ]);
});

test('heaps grow with the entries within the machine, the import heap stays small', () => {
  assert.equal(heapMib(10_000, 24 * GIB), 571);
  assert.equal(heapMib(1_000_000, 24 * GIB), 6372);
  assert.equal(heapMib(10_000_000, 24 * GIB), 12 * 1024);
  assert.equal(heapMib(10_000_000, 128 * GIB), 31 * 1024);
  assert.equal(heapMib(1, 256 * 1024 * 1024), 256);
  assert.equal(importHeapMib(10_000, 24 * GIB), 532);
  assert.equal(importHeapMib(10_000_000, 24 * GIB), 2048);
  assert.ok(importHeapMib(10_000, 512 * 1024 * 1024) <= heapMib(10_000, 512 * 1024 * 1024));
});

test('java.properties gets fixed heaps for the server and the import, other keys kept', () => {
  const text = javaProperties(
    'default.java-args=-client\nstart-ds.java-args=-server\nstatus.java-args=\n',
    { server: 600, import: 512 },
    '/usr/lib/jvm/java-17',
  );
  assert.match(text, /^default\.java-args=-client$/m);
  assert.match(text, /^status\.java-args=$/m);
  assert.match(text, /^start-ds\.java-args=-server -Xms600m -Xmx600m$/m);
  assert.match(text, /^import-ldif\.offline\.java-args=-server -Xms512m -Xmx512m$/m);
  assert.match(text, /^default\.java-home=\/usr\/lib\/jvm\/java-17$/m);
  assert.equal(text.match(/^start-ds\.java-args=/gm)?.length, 1);
});

test('Java versions from java -version output', () => {
  assert.deepEqual(parseJavaVersion('openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime'), {
    version: '17.0.15',
    major: 17,
  });
  assert.deepEqual(parseJavaVersion('java version "1.8.0_392"'), {
    version: '1.8.0_392',
    major: 8,
  });
  assert.deepEqual(parseJavaVersion('openjdk version "21-ea" 2023-09-19'), {
    version: '21-ea',
    major: 21,
  });
  assert.equal(parseJavaVersion('bash: java: command not found'), null);
});

test('import output: the closing count, and progress that never goes back', () => {
  const line =
    '[24/Nov/2026:00:35:23 +0000] category=BACKEND severity=NOTICE msgID=519 msg=Processed 10012 entries, imported 10012, skipped 0, rejected 0 and migrated 0 in 4 seconds (average rate 2033.7/sec)';
  assert.deepEqual(parseImportSummary(line), {
    processed: 10012,
    imported: 10012,
    skipped: 0,
    rejected: 0,
  });
  assert.equal(parseImportSummary('Processed 92686 entries, skipped 0 and rejected 0'), null);
  assert.deepEqual(cleanLine(line).severity, 'NOTICE');
  assert.match(cleanLine(line).text, /^Processed 10012/);

  const progress = new ImportProgress(200_000);
  progress.read(0.5);
  assert.equal(progress.fraction(), 0.35);
  progress.line('x msg=Processed 100000 entries, skipped 0 and rejected 0 (recent rate 1/sec)');
  assert.equal(progress.fraction(), 0.35);
  progress.line('x msg=Index /c=gb/cn.caseIgnoreMatch phase two started processing 1 buffers');
  progress.line('x msg=Index /c=gb/sn.caseIgnoreMatch phase two started processing 1 buffers');
  progress.line('x msg=Index /c=gb/cn.caseIgnoreMatch phase two processing completed');
  assert.ok(Math.abs(progress.fraction() - (0.7 + 0.145)) < 1e-9);
  progress.read(0.1);
  assert.ok(progress.fraction() > 0.84, 'never goes back');
});

test('operation counts sum the LDAP connection handlers, not the administration connector', () => {
  const counts = countsFromStatistics([
    {
      dn: 'cn=LDAP Connection Handler localhost port 1389 Statistics,cn=monitor',
      'ds-mon-search-operations-total-count': '8',
      'ds-mon-bind-operations-total-count': '2',
      'ds-mon-mod-operations-total-count': '1',
      'ds-mon-moddn-operations-total-count': '0',
    },
    {
      dn: 'cn=Administration Connector localhost port 4444 Statistics,cn=monitor',
      'ds-mon-search-operations-total-count': '50',
    },
    {
      dn: 'cn=LDAPS Connection Handler localhost port 1636 Statistics,cn=monitor',
      'ds-mon-search-operations-total-count': '1',
    },
  ]);
  assert.deepEqual(counts, { search: 9, bind: 2, modify: 1, modrdn: 0 });
});

test('software locations and the fetch command', () => {
  const list = zipCandidates('/apps/dirbench/software', {
    DIRBENCH_OPENDJ_ZIP: '/x/opendj.zip',
    HOME: '/home/u',
  });
  assert.deepEqual(list, [
    '/x/opendj.zip',
    '/apps/dirbench/software/opendj-server-legacy-4.9.4.zip',
    '/home/u/.m2/repository/org/openidentityplatform/opendj/opendj-server-legacy/4.9.4/opendj-server-legacy-4.9.4.zip',
  ]);
  assert.equal(
    mavenFetchCommand('/Users/a b/Application Support/DirBench/software'),
    "mvn -q dependency:copy -Dartifact=org.openidentityplatform.opendj:opendj-server-legacy:4.9.4:zip '-DoutputDirectory=/Users/a b/Application Support/DirBench/software'",
  );
});

/** A zip of the given files (stored or deflated), with Unix modes, built by hand. */
function makeZip(files: { name: string; data: string; mode: number; deflate: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const raw = Buffer.from(f.data);
    const body = f.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(f.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(f.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(f.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc32(raw), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((f.mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

test('the zip reader unpacks stored and deflated files with their modes, and refuses escapes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-unzip-'));
  try {
    const zip = makeZip([
      { name: 'opendj/', data: '', mode: 0o40755, deflate: false },
      { name: 'opendj/bin/start-ds', data: '#!/bin/sh\necho hi\n', mode: 0o100755, deflate: true },
      { name: 'opendj/README', data: 'read me', mode: 0o100644, deflate: false },
    ]);
    const zipPath = join(dir, 'a.zip');
    writeFileSync(zipPath, zip);
    const out = join(dir, 'out');
    assert.deepEqual(await extractZip(zipPath, out), { files: 2, bytes: 25 });
    assert.equal(readFileSync(join(out, 'opendj/bin/start-ds'), 'utf8'), '#!/bin/sh\necho hi\n');
    assert.equal(statSync(join(out, 'opendj/bin/start-ds')).mode & 0o777, 0o755);
    assert.equal((await readZipEntry(zip, 'opendj/README'))?.toString(), 'read me');
    assert.equal(await readZipEntry(zipPath, 'missing'), null);

    const evil = join(dir, 'evil.zip');
    writeFileSync(evil, makeZip([{ name: '../x', data: 'x', mode: 0o100644, deflate: false }]));
    await assert.rejects(extractZip(evil, join(dir, 'evil')), /outside the target directory/);
    writeFileSync(join(dir, 'not.zip'), 'hello');
    await assert.rejects(extractZip(join(dir, 'not.zip'), join(dir, 'x')), /not a zip file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
