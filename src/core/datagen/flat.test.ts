import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  FLAT_BASE_DN,
  FLAT_PERSON_ATTRIBUTES,
  flatPersonAttributes,
  flatPersonDn,
  flatPersonLdif,
  flatPersonPassword,
  writeFlatLdif,
} from './flat.ts';
import type { DatasetSpec } from './dataset.ts';
import { tempDir } from '../testing/tempDirFixture.ts';

test('the file holds c=BA, o=Test,c=BA, then every person as flatPersonLdif renders it', async (t) => {
  const dir = await tempDir(t, 'dirbench-flat-');
  const spec: DatasetSpec = { entries: 4000, seed: 2 };
  const result = await writeFlatLdif(spec, join(dir, 'f.ldif'));
  assert.equal(result.entries, 4000);
  assert.equal(result.bytes, (await stat(join(dir, 'f.ldif'))).size);
  const records = (await readFile(join(dir, 'f.ldif'), 'latin1'))
    .split('\n\n')
    .filter((r) => r !== '');
  assert.equal(records.length, 2 + spec.entries);
  assert.match(records[0] as string, /^dn: c=BA\n(.*\n)*objectClass: country\nc: BA$/);
  assert.match(
    records[1] as string,
    /^dn: o=Test,c=BA\n(.*\n)*objectClass: organization\no: Test\n/,
  );
  for (const i of [0, 1, 2, 1000, 3999])
    assert.equal(`${records[2 + i] as string}\n\n`, flatPersonLdif(spec, i));
});

test('the O(1) functions agree with the LDIF for any seed and index', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.nat(999_999),
      (seed, index) => {
        const spec = { entries: 1_000_000, seed };
        const ldif = flatPersonLdif(spec, index);
        const attrs = flatPersonAttributes(spec, index);
        assert.equal(attrs.dn, flatPersonDn(spec, index));
        assert.equal(attrs.userPassword, flatPersonPassword(spec, index));
        assert.ok(ldif.startsWith(`dn: ${attrs.dn}\n`));
        for (const name of FLAT_PERSON_ATTRIBUTES) {
          assert.ok(ldif.includes(`\n${name}: ${attrs[name] as string}\n`), `${name}`);
        }
      },
    ),
    { numRuns: 300 },
  );
});

test('a person looks like the M-Vault example entry (study 001)', () => {
  const spec = { entries: 100, seed: 1 };
  const ldif = flatPersonLdif(spec, 17);
  // The study's example lists exactly these object classes in this order.
  assert.match(
    ldif,
    /^dn: cn=.*\nobjectClass: inetOrgPerson\nobjectClass: organizationalPerson\nobjectClass: top\nobjectClass: person\ncn: /,
  );
  const { dn, cn, sn, givenName, mail, uid, telephoneNumber, userPassword } = flatPersonAttributes(
    spec,
    17,
  );
  assert.equal(dn, `cn=${cn as string},${FLAT_BASE_DN}`);
  assert.equal(cn, `${givenName as string} ${sn as string} 17`);
  assert.equal(
    mail,
    `${(givenName as string).charAt(0)}.${(sn as string).replace('-', '.')}.17@test.co.uk`,
  );
  assert.match(uid as string, /^[a-z]+17$/);
  assert.match(telephoneNumber as string, /^\+44 20 7\d{3} \d{4}$/);
  assert.equal(userPassword, 'secret17');
  assert.ok(/^[\x20-\x7e\n]*$/.test(ldif), 'ASCII only');
});

test('some surnames are double-barrelled, as in the study; DNs and uids are unique', () => {
  const spec = { entries: 100_000, seed: 1 };
  const dns = new Set<string>();
  const uids = new Set<string>();
  let double = 0;
  for (let i = 0; i < spec.entries; i++) {
    const a = flatPersonAttributes(spec, i);
    dns.add((a.dn as string).toLowerCase());
    uids.add(a.uid as string);
    if ((a.sn as string).includes('-')) double++;
  }
  assert.equal(dns.size, spec.entries);
  assert.equal(uids.size, spec.entries);
  assert.ok(double > 10_000 && double < 15_000, `${double} double-barrelled`);
});

test('indexes outside the dataset and bad specs are refused', async (t) => {
  const spec = { entries: 10, seed: 1 };
  assert.throws(() => flatPersonDn(spec, 10), RangeError);
  assert.throws(() => flatPersonAttributes(spec, -1), RangeError);
  assert.throws(() => flatPersonLdif(spec, 0.5), RangeError);
  const dir = await tempDir(t, 'dirbench-flat-');
  await assert.rejects(writeFlatLdif({ entries: -5, seed: 1 }, join(dir, 'x.ldif')), RangeError);
});
