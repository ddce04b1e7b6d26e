import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  salfordPersonDn,
  salfordPersonLdif,
  salfordPersonPassword,
  writeSalfordLdif,
} from './salford.ts';
import { SALFORD_BASE_DN } from './salfordWords.ts';
import type { DatasetSpec } from './dataset.ts';
import { tempDir } from '../testing/tempDirFixture.ts';

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

test('the same spec writes byte-identical files; another seed does not', async (t) => {
  const dir = await tempDir(t, 'dirbench-salford-');
  const spec: DatasetSpec = { entries: 20_000, seed: 3 };
  const a = await writeSalfordLdif(spec, join(dir, 'a.ldif'));
  const b = await writeSalfordLdif(spec, join(dir, 'b.ldif'));
  const c = await writeSalfordLdif({ entries: 20_000, seed: 4 }, join(dir, 'c.ldif'));
  const [da, db, dc] = await Promise.all(
    ['a', 'b', 'c'].map((n) => readFile(join(dir, `${n}.ldif`))),
  );
  assert.equal(a.entries, 20_000);
  assert.equal(a.bytes, da?.length);
  assert.deepEqual(a, b);
  assert.equal(sha256(da as Buffer), sha256(db as Buffer));
  assert.notEqual(sha256(da as Buffer), sha256(dc as Buffer));
  assert.ok(c.bytes > 0);
});

test('the file holds the header, then every person as salfordPersonLdif renders it', async (t) => {
  const dir = await tempDir(t, 'dirbench-salford-');
  const spec: DatasetSpec = { entries: 5_000, seed: 1 };
  await writeSalfordLdif(spec, join(dir, 'd.ldif'));
  const text = await readFile(join(dir, 'd.ldif'), 'latin1');
  const records = text.split('\n\n').filter((r) => r !== '');
  assert.equal(records.length, 2 + 10 + spec.entries);
  assert.match(records[0] as string, /^dn: c=gb\n(.*\n)*objectClass: country/);
  assert.match(records[1] as string, /^dn: o=Salford,c=gb\n/);
  const units = records.slice(2, 12).map((r) => /^dn: (.*)$/m.exec(r)?.[1]);
  assert.equal(new Set(units).size, 10);
  for (const unit of units) assert.match(unit ?? '', /^ou=[A-Za-z ]+,o=Salford,c=gb$/);
  for (const i of [0, 1, 9, 10, 1234, 4_999]) {
    const record = `${records[12 + i] as string}\n\n`;
    assert.equal(record, salfordPersonLdif(spec, i));
    assert.equal(/^dn: (.*)$/m.exec(record)?.[1], salfordPersonDn(spec, i));
    // The person's ou attribute names the unit its DN sits under (index % 10).
    const ou = /^ou: (.*)$/m.exec(record)?.[1] ?? '';
    assert.ok(salfordPersonDn(spec, i).endsWith(`,ou=${ou},${SALFORD_BASE_DN}`));
    assert.equal(units[i % 10], `ou=${ou},${SALFORD_BASE_DN}`);
    assert.match(record, new RegExp(`^userPassword: ${salfordPersonPassword(spec, i)}$`, 'm'));
  }
});

test('a person entry is an inetOrgPerson of realistic, compact shape', () => {
  const ldif = salfordPersonLdif({ entries: 10, seed: 1 }, 7);
  for (const oc of ['top', 'person', 'organizationalPerson', 'inetOrgPerson']) {
    assert.match(ldif, new RegExp(`^objectClass: ${oc}$`, 'm'));
  }
  const cn = /^cn: (.*)$/m.exec(ldif)?.[1] ?? '';
  const given = /^givenName: (.*)$/m.exec(ldif)?.[1] ?? '';
  const sn = /^sn: (.*)$/m.exec(ldif)?.[1] ?? '';
  assert.equal(cn, `${given} ${sn} 7`);
  assert.match(ldif, /^telephoneNumber: \+44 161 [2-9]\d{2} \d{4}$/m);
  assert.match(ldif, /^mail: [a-z]+\.[a-z]+7@salford\.example$/m);
  assert.match(ldif, /^uid: [a-z]+7$/m);
  assert.match(ldif, /^employeeNumber: 7$/m);
  assert.match(ldif, /^title: \S/m);
  assert.match(ldif, /^postalAddress: \d+ [A-Za-z ]+\$[A-Za-z ]+\$M\d+ \d[A-Z]{2}$/m);
  assert.ok(ldif.endsWith('\n\n'));
  assert.ok(ldif.length > 250 && ldif.length < 500, `${ldif.length} bytes`);
  assert.ok(/^[\x20-\x7e\n]*$/.test(ldif), 'ASCII only');
});

test('DNs and uids are unique over 100,000 persons', () => {
  const spec: DatasetSpec = { entries: 100_000, seed: 1 };
  const dns = new Set<string>();
  const uids = new Set<string>();
  for (let i = 0; i < spec.entries; i++) {
    dns.add(salfordPersonDn(spec, i).toLowerCase());
    uids.add(/^uid: (.*)$/m.exec(salfordPersonLdif(spec, i))?.[1] ?? '');
  }
  assert.equal(dns.size, spec.entries);
  assert.equal(uids.size, spec.entries);
});

test('indexes outside the dataset are refused', () => {
  const spec: DatasetSpec = { entries: 10, seed: 1 };
  assert.throws(() => salfordPersonDn(spec, 10), RangeError);
  assert.throws(() => salfordPersonDn(spec, -1), RangeError);
  assert.throws(() => salfordPersonLdif(spec, 1.5), RangeError);
});

test('progress is reported about every 1%, not per entry, and ends at the total', async (t) => {
  const dir = await tempDir(t, 'dirbench-salford-');
  const calls: [number, number][] = [];
  await writeSalfordLdif({ entries: 300_000, seed: 1 }, join(dir, 'p.ldif'), {
    onProgress: (done, total) => calls.push([done, total]),
  });
  assert.ok(calls.length >= 20 && calls.length <= 101, `${calls.length} progress calls`);
  assert.deepEqual(calls.at(-1), [300_000, 300_000]);
  for (let i = 1; i < calls.length; i++) assert.ok((calls[i]?.[0] ?? 0) > (calls[i - 1]?.[0] ?? 0));
});

test('an empty dataset writes only the header', async (t) => {
  const dir = await tempDir(t, 'dirbench-salford-');
  const result = await writeSalfordLdif({ entries: 0, seed: 1 }, join(dir, 'e.ldif'));
  assert.equal(result.entries, 0);
  const text = await readFile(join(dir, 'e.ldif'), 'latin1');
  assert.equal(text.split('\n\n').filter((r) => r !== '').length, 12);
});

test('aborting stops the write and deletes the partial file', async (t) => {
  const dir = await tempDir(t, 'dirbench-salford-');
  const out = join(dir, 'abort.ldif');
  const controller = new AbortController();
  const run = writeSalfordLdif({ entries: 5_000_000, seed: 1 }, out, {
    signal: controller.signal,
    onProgress: (done) => {
      if (done > 100_000) controller.abort();
    },
  });
  await assert.rejects(run, { name: 'AbortError' });
  await assert.rejects(stat(out), { code: 'ENOENT' });
});

test('an already aborted signal writes nothing', async (t) => {
  const dir = await tempDir(t, 'dirbench-salford-');
  const out = join(dir, 'none.ldif');
  await assert.rejects(
    writeSalfordLdif({ entries: 10, seed: 1 }, out, { signal: AbortSignal.abort() }),
    { name: 'AbortError' },
  );
  await assert.rejects(stat(out), { code: 'ENOENT' });
});
