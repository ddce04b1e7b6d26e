import assert from 'node:assert/strict';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { resourcePath } from '../base/resources.ts';
import { FLAT_BASE_DN, flatPersonDn, flatPersonPassword } from './flat.ts';
import { generateDataset, sideFilePaths } from './generate.ts';
import type { GenerateResult, GenerateSource } from './generate.ts';
import { TemplateError } from './makeldif/errors.ts';
import { salfordPersonAttributes, salfordPersonDn, salfordPersonPassword } from './salford.ts';
import { SALFORD_BASE_DN } from './salfordWords.ts';
import { tempDir } from '../testing/tempDirFixture.ts';
import v8 from 'node:v8';
import vm from 'node:vm';

function lines(text: string): string[] {
  return text.split('\n').filter((l) => l !== '');
}

/** Generates `source` into a temporary folder removed after test `t`; the result with its DN and bind lists read back. */
async function generated(
  t: TestContext,
  source: GenerateSource,
): Promise<{ result: GenerateResult; dns: string[]; binds: string[] }> {
  const result = await generateDataset(
    source,
    join(await tempDir(t, 'dirbench-generate-'), 'out.ldif'),
  );
  const dns = lines(await readFile(result.dnsPath, 'utf8'));
  const binds = lines(await readFile(result.bindsPath, 'utf8'));
  return { result, dns, binds };
}

/** Asserts a result's entry and person counts, suffix and base DN. */
function assertHead(
  result: GenerateResult,
  head: Pick<GenerateResult, 'entries' | 'persons' | 'suffix' | 'baseDn'>,
): void {
  const { entries, persons, suffix, baseDn } = result;
  assert.deepEqual({ entries, persons, suffix, baseDn }, head);
}

const EXAMPLE = resourcePath('data', 'makeldif', 'example.template');

test('Salford: result, side files and the O(1) functions agree with the LDIF', async (t) => {
  const spec = { entries: 3000, seed: 5 };
  const { result, dns, binds } = await generated(t, { kind: 'shape', shape: 'salford', ...spec });
  assertHead(result, { entries: 3012, persons: 3000, suffix: 'c=gb', baseDn: SALFORD_BASE_DN });
  assert.equal(result.bytes, (await stat(result.ldifPath)).size);
  assert.deepEqual(sideFilePaths(result.ldifPath), {
    dnsPath: result.dnsPath,
    bindsPath: result.bindsPath,
  });
  assert.equal(dns.length, 3000);
  assert.equal(binds.length, 3000);
  const records = (await readFile(result.ldifPath, 'latin1')).split('\n\n').slice(12);
  for (const i of [0, 1, 17, 999, 2999]) {
    assert.equal(dns[i], salfordPersonDn(spec, i));
    assert.equal(binds[i], `${salfordPersonDn(spec, i)}\t${salfordPersonPassword(spec, i)}`);
    const attrs = salfordPersonAttributes(spec, i);
    const record = records[i] as string;
    assert.match(record, new RegExp(`^dn: ${attrs.dn}$`, 'm'));
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'dn') continue;
      assert.ok(`${record}\n`.includes(`\n${name}: ${value}\n`), `${name} of person ${i}`);
    }
  }
});

test('flat: side files list every person with a password that works', async (t) => {
  const spec = { entries: 500, seed: 9 };
  const { result, dns, binds } = await generated(t, { kind: 'shape', shape: 'flat', ...spec });
  assertHead(result, { entries: 502, persons: 500, suffix: 'c=BA', baseDn: FLAT_BASE_DN });
  assert.deepEqual(
    dns,
    Array.from({ length: 500 }, (_, i) => flatPersonDn(spec, i)),
  );
  assert.equal(binds[42], `${flatPersonDn(spec, 42)}\t${flatPersonPassword(spec, 42)}`);
});

test('a template: persons in the DN list, plain passwords in the bind list, branches in neither', async (t) => {
  const source: GenerateSource = {
    kind: 'template',
    templatePath: EXAMPLE,
    entriesOverride: 250,
    seed: 3,
  };
  const { result, dns, binds } = await generated(t, source);
  assertHead(result, {
    entries: 252,
    persons: 250,
    suffix: 'dc=example,dc=com',
    baseDn: 'ou=People,dc=example,dc=com',
  });
  assert.equal(dns[0], 'uid=user.0,ou=People,dc=example,dc=com');
  assert.equal(dns[249], 'uid=user.249,ou=People,dc=example,dc=com');
  assert.equal(binds.length, 250);
  assert.equal(binds[7], 'uid=user.7,ou=People,dc=example,dc=com\tpassword');
});

test('hashed and base64 passwords: hashes are left out, base64 is decoded', async (t) => {
  const dir = await tempDir(t, 'dirbench-generate-');
  const template = join(dir, 'pw.template');
  await writeFile(
    template,
    [
      'branch: o=pw',
      'subordinateTemplate: hashed:2',
      'subordinateTemplate: encoded:2',
      '',
      'template: hashed',
      'rdnAttr: cn',
      'objectClass: person',
      'cn: h<sequential>',
      // Braces are attribute references in templates: a literal one is escaped.
      'userPassword: \\{SSHA\\}c2VjcmV0c2FsdA==',
      '',
      'template: encoded',
      'rdnAttr: cn',
      'objectClass: person',
      'cn: e<sequential>',
      // "1234", as in the M-Vault example entry.
      'userPassword:: MTIzNA==',
      '',
    ].join('\n'),
  );
  const { result, binds } = await generated(t, {
    kind: 'template',
    templatePath: template,
    seed: 1,
  });
  assert.deepEqual(binds, ['cn=e0,o=pw\t1234', 'cn=e1,o=pw\t1234']);
  assert.match(await readFile(result.ldifPath, 'utf8'), /^userPassword:: MTIzNA==$/m);
});

test('progress comes about every 1% and ends at the total', async (t) => {
  const dir = await tempDir(t, 'dirbench-generate-');
  const calls: [number, number][] = [];
  await generateDataset(
    { kind: 'template', templatePath: EXAMPLE, entriesOverride: 100_000, seed: 1 },
    join(dir, 'p.ldif'),
    { onProgress: (done, total) => calls.push([done, total]) },
  );
  assert.ok(calls.length >= 10 && calls.length <= 101, `${calls.length} calls`);
  assert.deepEqual(calls.at(-1), [100_002, 100_002]);
  for (let i = 1; i < calls.length; i++) assert.ok((calls[i]?.[0] ?? 0) > (calls[i - 1]?.[0] ?? 0));
});

for (const source of [
  { kind: 'shape', shape: 'salford', entries: 3_000_000, seed: 1 },
  { kind: 'template', templatePath: EXAMPLE, entriesOverride: 3_000_000, seed: 1 },
] as GenerateSource[]) {
  test(`cancelling a ${source.kind} run leaves no file at all, complete-looking or not`, async (t) => {
    const dir = await tempDir(t, 'dirbench-generate-');
    const out = join(dir, 'c.ldif');
    const controller = new AbortController();
    const run = generateDataset(source, out, {
      signal: controller.signal,
      onProgress: (done) => {
        if (done > 50_000) controller.abort();
      },
    });
    await assert.rejects(run, { name: 'AbortError' });
    assert.deepEqual(await readdir(dir), []);
  });
}

test('a bad template fails before any file is created, naming file and line', async (t) => {
  const dir = await tempDir(t, 'dirbench-generate-');
  const template = join(dir, 'bad.template');
  await writeFile(template, 'branch: dc=x\n\ntemplate: p\nrdnAttr: cn\ncn: <nosuchtag>\n');
  await assert.rejects(
    generateDataset({ kind: 'template', templatePath: template, seed: 1 }, join(dir, 'o.ldif')),
    (err: unknown) =>
      err instanceof TemplateError &&
      err.line === 5 &&
      /bad\.template:5: unknown tag <nosuchtag>/.test(err.message),
  );
  assert.deepEqual(await readdir(dir), ['bad.template']);
});

test('a write that fails (missing folder) leaves nothing and says why', async (t) => {
  const dir = await tempDir(t, 'dirbench-generate-');
  await assert.rejects(
    generateDataset(
      { kind: 'shape', shape: 'flat', entries: 10, seed: 1 },
      join(dir, 'no', 'such', 'x.ldif'),
    ),
    { code: 'ENOENT' },
  );
  assert.deepEqual(await readdir(dir), []);
});

test('bad shape arguments are refused', async (t) => {
  const dir = await tempDir(t, 'dirbench-generate-');
  const out = join(dir, 'x.ldif');
  await assert.rejects(
    generateDataset({ kind: 'shape', shape: 'flat', entries: -1, seed: 1 }, out),
    RangeError,
  );
  await assert.rejects(
    generateDataset({ kind: 'shape', shape: 'round' as 'flat', entries: 1, seed: 1 }, out),
    RangeError,
  );
  // A typo such as 99999999999999 would run for days and fill the disk: refused before any file.
  await assert.rejects(
    generateDataset({ kind: 'shape', shape: 'salford', entries: 99_999_999_999_999, seed: 1 }, out),
    /entries must be at most 1,000,000,000/,
  );
  assert.deepEqual(await readdir(dir), []);
  await assert.rejects(
    generateDataset({ kind: 'shape', shape: 'flat', entries: 1, seed: 1 }, out, {
      signal: AbortSignal.abort(),
    }),
    { name: 'AbortError' },
  );
  assert.deepEqual(await readdir(dir), []);
});

test('memory stays flat: the second 100K entries need no more memory than the first', async (t) => {
  const dir = await tempDir(t, 'dirbench-generate-');
  // Live memory after a full collection: RSS follows V8's lagging collections on a busy machine.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const liveBytes = (): number => {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  for (const source of [
    { kind: 'shape', shape: 'salford', entries: 200_000, seed: 1 },
    { kind: 'template', templatePath: EXAMPLE, entriesOverride: 200_000, seed: 1 },
  ] as GenerateSource[]) {
    let atQuarter: number | null = null;
    let atEnd = 0;
    const result = await generateDataset(source, join(dir, 'm.ldif'), {
      onProgress: (done, total) => {
        if (atQuarter === null && done >= total / 4) atQuarter = liveBytes();
        if (done >= total) atEnd = liveBytes();
      },
    });
    const start = atQuarter ?? 0;
    const mb = (n: number): string => `${Math.round(n / 1e6)} MB`;
    const note = `${source.kind}: ${mb(result.bytes)} written; live memory ${mb(start)} at a quarter, ${mb(atEnd)} at the end`;
    // Holding the output would add three quarters of it (about 90 MB here) between the two reads.
    assert.ok(result.bytes > 60e6, note);
    assert.ok(atQuarter !== null && atEnd > 0, `progress was reported: ${note}`);
    assert.ok(atEnd - start < result.bytes / 20, note);
  }
});
