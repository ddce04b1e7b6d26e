import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError } from '../../../shared/errors.ts';
import { resolveIndexProfile } from '../indexProfiles.ts';
import { checkLabStart } from '../labRecord.ts';
import { createSambaAdDriver } from './index.ts';
import { freeLoopbackAddress } from './address.ts';
import { findSambaAd, parseSambaVersion, shebangInterpreter } from './install.ts';
import { sambaAdLayout } from './layout.ts';
import { sambaAdIndexes, sambaAdUnbuiltIndexes } from './ldbTool.ts';
import { sambaAdSmbConf } from './smbConf.ts';

const SALFORD_INDEXED = resolveIndexProfile('salford-indexed');

test('samba --version reads as "Samba <version>"', () => {
  assert.equal(parseSambaVersion('Version 4.17.12-Debian\n'), 'Samba 4.17.12-Debian');
  assert.equal(parseSambaVersion('samba: command not found'), null);
});

test("samba-tool's interpreter comes from its #! line, through env too", () => {
  assert.equal(shebangInterpreter('#! /usr/bin/python3\nimport x'), '/usr/bin/python3');
  assert.equal(shebangInterpreter('#!/usr/bin/env python3\n'), 'python3');
  assert.equal(shebangInterpreter('import x'), null);
});

test('salford-indexed keeps the cn equality index only; sub and pres are named as not built', () => {
  const indexes = sambaAdIndexes(SALFORD_INDEXED);
  assert.equal(indexes['cn'], true);
  // AD indexes these by default; the profile does not, so the lab drops them.
  for (const attribute of ['sn', 'givenName', 'mail', 'uid', 'telephoneNumber'])
    assert.equal(indexes[attribute], false, attribute);
  assert.equal('objectClass' in indexes, false);
  assert.deepEqual(sambaAdUnbuiltIndexes(SALFORD_INDEXED), ['cn sub,pres']);
});

test('salford-unindexed drops cn too; a custom attribute keeps its spelling', () => {
  const unindexed = resolveIndexProfile('salford-unindexed');
  assert.equal(sambaAdIndexes(unindexed)['cn'], false);
  assert.deepEqual(sambaAdUnbuiltIndexes(unindexed), []);
  const custom = resolveIndexProfile('UID:eq;departmentNumber:eq');
  const indexes = sambaAdIndexes(custom);
  assert.equal(indexes['uid'], true);
  assert.equal(indexes['departmentNumber'], true);
  assert.equal('UID' in indexes, false);
});

test("a lab's smb.conf serves LDAP alone on its address, with simple binds and every path in the lab", () => {
  const layout = sambaAdLayout('/data/labs/lab-1');
  const text = sambaAdSmbConf(layout, '127.0.0.7');
  assert.match(text, /^\tinterfaces = 127\.0\.0\.7\/8$/m);
  assert.match(text, /^\tbind interfaces only = yes$/m);
  assert.match(text, /^\tserver services = ldap$/m);
  assert.match(text, /^\tldap server require strong auth = no$/m);
  for (const name of [
    'private dir',
    'state directory',
    'lock directory',
    'pid directory',
    'log file',
  ]) {
    const line = new RegExp(`^\\t${name} = (.*)$`, 'm').exec(text);
    assert.ok(line?.[1]?.startsWith('/data/labs/lab-1/samba/'), `${name}: ${line?.[1]}`);
  }
});

test('the first loopback address without a server is taken, skipping those tried', async () => {
  const busy = new Set(['127.0.0.2', '127.0.0.3']);
  const isListening = (address: string): Promise<boolean> => Promise.resolve(busy.has(address));
  assert.equal(await freeLoopbackAddress(389, new Set(), isListening), '127.0.0.4');
  assert.equal(await freeLoopbackAddress(389, new Set(['127.0.0.4']), isListening), '127.0.0.5');
  await assert.rejects(
    freeLoopbackAddress(389, new Set(), () => Promise.resolve(true)),
    /127\.0\.0\.2 to 127\.0\.0\.254 has a server on port 389: stop a Samba AD lab/,
  );
});

test('a lookup names what is missing, and finds samba-tool through its interpreter', () => {
  const root = mkdtempSync(join(tmpdir(), 'samba-ad-install-'));
  try {
    const paths = {
      sbinDirs: [join(root, 'sbin')],
      binDirs: [join(root, 'bin')],
      dataDirs: [join(root, 'share')],
      moduleDirs: [join(root, 'ldb')],
      lowestPort: () => 1024,
    };
    const missing = findSambaAd(paths);
    assert.equal(missing.ok, false);
    if (!missing.ok) {
      assert.deepEqual(missing.missing, [
        'samba',
        'samba-tool',
        'the AD database modules (samba-dsdb-modules)',
        'the AD schema files (samba-ad-provision)',
        'permission to listen on port 389 (run as root, or: sudo sysctl net.ipv4.ip_unprivileged_port_start=389)',
      ]);
    }
    for (const dir of ['sbin', 'bin', 'share/setup/ad-schema', 'ldb'])
      mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'ldb', 'samba_dsdb.so'), '');
    writeFileSync(join(root, 'sbin', 'samba'), '');
    writeFileSync(join(root, 'bin', 'samba-tool'), '#!/usr/bin/python3\n');
    chmodSync(join(root, 'sbin', 'samba'), 0o755);
    chmodSync(join(root, 'bin', 'samba-tool'), 0o755);
    const found = findSambaAd({ ...paths, lowestPort: () => 0 });
    assert.ok(found.ok);
    if (found.ok) {
      assert.equal(found.install.python, '/usr/bin/python3');
      assert.equal(found.install.samba, join(root, 'sbin', 'samba'));
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a Samba AD lab above 250,000 entries is refused before anything is written, naming why', () => {
  assert.throws(
    () => checkLabStart({ kind: 'samba-ad', entries: 250_001 }, createSambaAdDriver(), undefined),
    (err: unknown) =>
      err instanceof ApiError &&
      err.field === 'entries' &&
      /at most 250,000 entries \(each takes about 10 KB .* stops at 4 GB\); ask for fewer/.test(
        err.message,
      ),
  );
});
