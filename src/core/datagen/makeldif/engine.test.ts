import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { generateDataset } from '../generate.ts';
import type { GenerateResult } from '../generate.ts';
import { NameCycler } from './nameCycler.ts';
import { loadTemplateText } from './engine.ts';
import { TemplateError } from './errors.ts';
import { thrownBy } from '../../testing/thrownBy.ts';

interface Entry {
  dn: string;
  /** Attribute lines in order, as [name, value]; base64 values decoded, `name::` kept as the name. */
  lines: [string, string][];
  text: string;
}

/** First value of `name` (case-insensitive), or undefined. */
function get(e: Entry, name: string): string | undefined {
  return e.lines.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}

function all(e: Entry, name: string): string[] {
  return e.lines.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
}

function parseLdif(text: string): Entry[] {
  return text
    .split('\n\n')
    .filter((r) => r.trim() !== '')
    .map((record) => {
      const lines: [string, string][] = [];
      let dn = '';
      for (const line of record.split('\n')) {
        const m = /^([^:]+)(::?|:<) ?(.*)$/.exec(line);
        if (m === null) throw new Error(`bad LDIF line ${line}`);
        const [, name, sep, raw] = m as unknown as [string, string, string, string];
        const value = sep === '::' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
        if (name === 'dn') dn = value;
        else lines.push([name, value]);
      }
      return { dn, lines, text: record };
    });
}

interface Run {
  entries: Entry[];
  ldif: string;
  dns: string[];
  binds: string[];
  result: GenerateResult;
}

/** Runs template text (other files beside it) and returns the parsed output. */
async function run(
  t: { after: (fn: () => Promise<void>) => void },
  template: string,
  opts: { seed?: number; entriesOverride?: number; files?: Record<string, string> } = {},
): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), 'dirbench-makeldif-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  for (const [name, content] of Object.entries(opts.files ?? {}))
    await writeFile(join(dir, name), content);
  await writeFile(join(dir, 't.template'), template);
  const result = await generateDataset(
    {
      kind: 'template',
      templatePath: join(dir, 't.template'),
      entriesOverride: opts.entriesOverride,
      seed: opts.seed ?? 1,
    },
    join(dir, 'out.ldif'),
  );
  const ldif = await readFile(result.ldifPath, 'latin1');
  const lines = async (p: string): Promise<string[]> =>
    (await readFile(p, 'utf8')).split('\n').filter((l) => l !== '');
  return {
    entries: parseLdif(ldif),
    ldif,
    dns: await lines(result.dnsPath),
    binds: await lines(result.bindsPath),
    result,
  };
}

/** A template of `count` persons below o=t with `lines` after `rdnAttr: cn` / `cn: c<sequential>`. */
function persons(count: number, ...lines: string[]): string {
  return [
    'branch: o=t',
    `subordinateTemplate: p:${count}`,
    '',
    'template: p',
    'rdnAttr: cn',
    'objectClass: person',
    'cn: c<sequential>',
    ...lines,
    '',
  ].join('\n');
}

/** The error a template raises at load time. */
function loadError(text: string): TemplateError {
  return thrownBy(
    () => loadTemplateText(text, 'e.template', { seed: 1 }),
    TemplateError,
    'the template loaded',
  );
}

test('branches: RDN values become attributes; extra lines follow; objectClass comes first', async (t) => {
  const { entries } = await run(
    t,
    'branch: dc=example,dc=com\ndescription: the top\nobjectClass: domain\n\nbranch: ou=Empty,dc=example,dc=com\n',
  );
  assert.deepEqual(
    entries.map((e) => e.dn),
    ['dc=example,dc=com', 'ou=Empty,dc=example,dc=com'],
  );
  assert.deepEqual(entries[0]?.lines, [
    ['objectClass', 'domain'],
    ['dc', 'example'],
    ['description', 'the top'],
  ]);
  // A branch with no lines has only its RDN attribute, as in OpenDJ.
  assert.deepEqual(entries[1]?.lines, [['ou', 'Empty']]);
});

test('<first> and <last> walk the name lists so that no pair repeats (OpenDJ order)', async (t) => {
  const files = { 'first.names': 'Ann\nBob\nCy\n', 'last.names': 'Xu\nYoung\n' };
  const { entries } = await run(t, persons(8, 'givenName: <first>', 'sn: <last>'), { files });
  assert.deepEqual(
    entries.slice(1).map((e) => `${get(e, 'givenName')} ${get(e, 'sn')}`),
    ['Ann Xu', 'Bob Young', 'Cy Xu', 'Ann Young', 'Bob Xu', 'Cy Young', 'Ann Xu2', 'Bob Young2'],
  );
  const cycler = new NameCycler(['a', 'b', 'c'], ['x', 'y', 'z', 'w']);
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    cycler.next();
    seen.add(`${cycler.first} ${cycler.last}`);
  }
  assert.equal(seen.size, 12);
});

test('<sequential>: start, shared across entries, restart below a new parent only when asked', async (t) => {
  const { entries } = await run(
    t,
    [
      'branch: o=t',
      'subordinateTemplate: group:2',
      '',
      'template: group',
      'rdnAttr: ou',
      'subordinateTemplate: item:2',
      'ou: g<sequential:10>',
      '',
      'template: item',
      'rdnAttr: cn',
      'cn: i<sequential>',
      'description: <sequential:1:true>',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    entries.map((e) => `${e.dn} ${get(e, 'description') ?? ''}`.trim()),
    [
      'o=t',
      'ou=g10,o=t',
      'cn=i0,ou=g10,o=t 1',
      'cn=i1,ou=g10,o=t 2',
      'ou=g11,o=t',
      'cn=i2,ou=g11,o=t 1',
      'cn=i3,ou=g11,o=t 2',
    ],
  );
});

test('<random:...>: every type draws from its set with the asked length', async (t) => {
  const { entries } = await run(
    t,
    persons(
      200,
      'a: <random:alpha:5>',
      'b: <random:alpha:2:4>',
      'n: <random:numeric:7>',
      'r: <random:numeric:3:9>',
      'f: <random:numeric:1:100:0000>',
      'm: <random:alphanumeric:6>',
      'c: <random:chars:XYZ:3>',
      'h: <random:hex:8>',
      'x: <random:base64:12>',
      'mo: <random:month>',
      'ms: <random:month:3>',
      'tel: <random:telephone>',
      'uk: <random:telephone:+44 161 ### ####>',
      'long: <random:numeric:12>',
    ),
  );
  const people = entries.slice(1);
  const check = (name: string, re: RegExp): void => {
    for (const e of people) assert.match(get(e, name) ?? '', re, name);
  };
  check('a', /^[a-z]{5}$/);
  check('b', /^[a-z]{2,4}$/);
  check('n', /^\d{7}$/);
  check('r', /^[3-9]$/);
  check('f', /^0(0\d\d|100)$/);
  check('m', /^[a-z0-9]{6}$/);
  check('c', /^[XYZ]{3}$/);
  check('h', /^[0-9a-f]{8}$/);
  check('x', /^[A-Za-z0-9+/]{12}$/);
  check(
    'mo',
    /^(January|February|March|April|May|June|July|August|September|October|November|December)$/,
  );
  check('ms', /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/);
  check('tel', /^\+1 \d{3} \d{3} \d{4}$/);
  check('uk', /^\+44 161 \d{3} \d{4}$/);
  check('long', /^\d{12}$/);
  const lengths = new Set(people.map((e) => get(e, 'b')?.length));
  assert.deepEqual([...lengths].sort(), [2, 3, 4]);
  assert.deepEqual(
    new Set(people.map((e) => get(e, 'r'))),
    new Set(['3', '4', '5', '6', '7', '8', '9']),
  );
});

test('<file:...>: random or sequential lines, looked up beside the template', async (t) => {
  const files = { colours: 'red\ngreen\r\nblue\n\n' };
  const { entries } = await run(
    t,
    persons(7, 'random: <file:colours>', 'seq: <file:colours:sequential>'),
    { files },
  );
  const people = entries.slice(1);
  assert.deepEqual(
    people.map((e) => get(e, 'seq')),
    ['red', 'green', 'blue', 'red', 'green', 'blue', 'red'],
  );
  for (const e of people) assert.ok(['red', 'green', 'blue'].includes(get(e, 'random') ?? ''));
});

test('<list:...> honours weights; <presence:N> keeps a line in about N% of entries', async (t) => {
  const { entries } = await run(
    t,
    persons(
      4000,
      'l: <list:rare:common;9>',
      'never: <presence:0>x',
      'always: <presence:100>y',
      'half: <presence:50>z',
    ),
  );
  const people = entries.slice(1);
  const common = people.filter((e) => get(e, 'l') === 'common').length;
  assert.ok(common > 3400 && common < 3800, `${common} common`);
  assert.equal(people.filter((e) => get(e, 'never') !== undefined).length, 0);
  assert.equal(people.filter((e) => get(e, 'always') === 'y').length, 4000);
  const half = people.filter((e) => get(e, 'half') === 'z').length;
  assert.ok(half > 1800 && half < 2200, `${half} of 4000`);
});

test('<ifpresent> and <ifabsent>, with and without a value', async (t) => {
  const { entries } = await run(
    t,
    persons(
      400,
      'mobile: <presence:50><random:telephone>',
      'title: <list:Dr:Mr>',
      'pager: <ifpresent:mobile>has mobile',
      'homePhone: <ifabsent:mobile>no mobile',
      'honorific: <ifpresent:title:Dr>doctor',
      'plain: <ifabsent:title:Dr>not a doctor',
    ),
  );
  for (const e of entries.slice(1)) {
    assert.equal(get(e, 'pager') !== undefined, get(e, 'mobile') !== undefined);
    assert.equal(get(e, 'homePhone') !== undefined, get(e, 'mobile') === undefined);
    assert.equal(get(e, 'honorific') !== undefined, get(e, 'title') === 'Dr');
    assert.equal(get(e, 'plain') !== undefined, get(e, 'title') !== 'Dr');
  }
});

test('{attr} and {attr:N} read earlier lines; <StaticText> and <AttributeValue> too', async (t) => {
  const { entries } = await run(
    t,
    persons(
      2,
      'givenName: Ada',
      'sn: Lovelace',
      'display: {givenName} {sn}',
      'initials: {givenName:1}{sn:1}',
      'long: {sn:50}',
      'same: <AttributeValue:sn:4><StaticText:!>',
    ),
  );
  const e = entries[1] as Entry;
  assert.equal(get(e, 'display'), 'Ada Lovelace');
  assert.equal(get(e, 'initials'), 'AL');
  assert.equal(get(e, 'long'), 'Lovelace');
  assert.equal(get(e, 'same'), 'Love!');
});

test('DN tags: <DN>, <DN:N>, <DN:-N>, <_DN>, <ParentDN>, <_ParentDN>, <RDN>', async (t) => {
  const { entries } = await run(
    t,
    [
      'branch: ou=People,dc=example,dc=com',
      'subordinateTemplate: p:1',
      'description: <DN> <RDN>',
      '',
      'template: p',
      'rdnAttr: uid',
      'early: <DN>',
      'uid: u<sequential:1>',
      'self: <DN>',
      'first: <DN:1>',
      'last: <DN:-2>',
      'under: <_DN>',
      'parent: <ParentDN>',
      'uparent: <_ParentDN>',
      'rdn: <RDN>',
      '',
    ].join('\n'),
  ).catch((err: unknown) => {
    throw err;
  });
  assert.equal(get(entries[0] as Entry, 'description'), 'ou=People,dc=example,dc=com ou=People');
  const e = entries[1] as Entry;
  assert.equal(e.dn, 'uid=u1,ou=People,dc=example,dc=com');
  // Before the RDN's line there is no DN yet: the tag adds nothing.
  assert.equal(get(e, 'early'), '');
  assert.equal(get(e, 'self'), 'uid=u1,ou=People,dc=example,dc=com');
  assert.equal(get(e, 'first'), 'uid=u1');
  assert.equal(get(e, 'last'), 'dc=example,dc=com');
  assert.equal(get(e, 'under'), 'uid=u1_ou=People_dc=example_dc=com');
  assert.equal(get(e, 'parent'), 'ou=People,dc=example,dc=com');
  assert.equal(get(e, 'uparent'), 'ou=People_dc=example_dc=com');
  assert.equal(get(e, 'rdn'), 'uid=u1');
});

test('<GUID>: version 4 UUIDs, all different, fixed by the seed', async (t) => {
  const a = await run(t, persons(500, 'id: <GUID>'), { seed: 7 });
  const b = await run(t, persons(500, 'id: <GUID>'), { seed: 7 });
  const ids = a.entries.slice(1).map((e) => get(e, 'id') ?? '');
  for (const id of ids)
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(new Set(ids).size, 500);
  assert.equal(a.ldif, b.ldif);
});

test('multi-valued RDNs, escaped DN values, and non-ASCII values in base64', async (t) => {
  const { entries, ldif, dns } = await run(
    t,
    [
      'branch: o=Acme\\, Inc.',
      'subordinateTemplate: p:1',
      '',
      'template: p',
      'rdnAttr: cn+uid',
      'cn: Smith, John <sequential>',
      'uid: js',
      'sn: Zoë',
      'padded: \\ leading space',
      'colon: \\:x <StaticText:y>',
      '',
    ].join('\n'),
  );
  assert.equal(entries[0]?.dn, 'o=Acme\\, Inc.');
  assert.equal(get(entries[0] as Entry, 'o'), 'Acme, Inc.');
  assert.equal(entries[1]?.dn, 'cn=Smith\\, John 0+uid=js,o=Acme\\, Inc.');
  assert.match(ldif, /^sn:: Wm/m);
  assert.equal(get(entries[1] as Entry, 'sn'), 'Zoë');
  assert.match(ldif, /^padded:: /m);
  assert.equal(get(entries[1] as Entry, 'padded'), ' leading space');
  assert.equal(get(entries[1] as Entry, 'colon'), ':x y');
  assert.deepEqual(dns, ['cn=Smith\\, John 0+uid=js,o=Acme\\, Inc.']);
  // The LDIF is ASCII whatever the values.
  assert.ok(/^[\x20-\x7e\n]*$/.test(ldif));
});

test('a non-ASCII DN is written as dn:: in the LDIF and as UTF-8 in the DN list', async (t) => {
  const { ldif, dns, entries } = await run(
    t,
    'branch: o=t\nsubordinateTemplate: p:1\n\ntemplate: p\nrdnAttr: cn\ncn: Zoë\n',
  );
  assert.match(ldif, /^dn:: /m);
  assert.equal(entries[1]?.dn, 'cn=Zoë,o=t');
  assert.deepEqual(dns, ['cn=Zoë,o=t']);
});

test('repeated attributes are grouped, duplicates dropped; base64 and URL lines kept as given', async (t) => {
  const { entries } = await run(
    t,
    persons(
      1,
      'mail: a@x',
      'sn: S',
      'mail: b@x',
      'mail: a@x',
      'objectClass: person',
      'photo:: AAEC',
      'seeAlso:< file:///tmp/x',
    ),
  );
  const e = entries[1] as Entry;
  assert.deepEqual(
    e.lines.map(([n]) => n),
    ['objectClass', 'cn', 'mail', 'mail', 'sn', 'photo', 'seeAlso'],
  );
  assert.deepEqual(all(e, 'mail'), ['a@x', 'b@x']);
  assert.match(e.text, /^photo:: AAEC$/m);
  assert.match(e.text, /^seeAlso:< file:\/\/\/tmp\/x$/m);
});

test('extends: the parent lines come first and share their tags (one counter)', async (t) => {
  const { entries } = await run(
    t,
    [
      'branch: o=t',
      'subordinateTemplate: person:2',
      'subordinateTemplate: admin:2',
      '',
      'template: base',
      'objectClass: person',
      'employeeNumber: <sequential:100>',
      '',
      'template: person',
      'extends: base',
      'rdnAttr: uid',
      'uid: p{employeeNumber}',
      '',
      'template: admin',
      'extends: base',
      'rdnAttr: uid',
      'uid: a{employeeNumber}',
      'title: admin',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    entries.slice(1).map((e) => e.dn),
    ['uid=p100,o=t', 'uid=p101,o=t', 'uid=a102,o=t', 'uid=a103,o=t'],
  );
  assert.equal(get(entries[3] as Entry, 'objectClass'), 'person');
});

test('entries override: numusers when defined, else open-ended counts, else branch counts scaled', async (t) => {
  const withNumusers = await run(
    t,
    'define numusers=5\nbranch: o=t\nsubordinateTemplate: p:[numusers]\n\ntemplate: p\nrdnAttr: cn\ncn: <sequential>\n',
    { entriesOverride: 12 },
  );
  assert.equal(withNumusers.result.entries, 13);
  assert.equal(withNumusers.result.persons, 12);
  // addrate.template's form: no count at all.
  const openEnded = await run(
    t,
    'branch: o=t\nsubordinateTemplate: p\n\ntemplate: p\nrdnAttr: cn\ncn: <sequential>\n',
    { entriesOverride: 7 },
  );
  assert.equal(openEnded.result.persons, 7);
  const scaled = await run(
    t,
    'branch: o=t\n\nbranch: ou=a,o=t\nsubordinateTemplate: p:30\n\nbranch: ou=b,o=t\nsubordinateTemplate: p:10\n\ntemplate: p\nrdnAttr: cn\ncn: <sequential>\n',
    { entriesOverride: 101 },
  );
  assert.equal(scaled.entries.filter((e) => e.dn.endsWith(',ou=a,o=t')).length, 76);
  assert.equal(scaled.entries.filter((e) => e.dn.endsWith(',ou=b,o=t')).length, 25);
  assert.equal(scaled.result.baseDn, 'ou=a,o=t');
});

test('the DN list holds persons; without person templates, the leaf entries', async (t) => {
  const { dns } = await run(
    t,
    'branch: o=t\nsubordinateTemplate: unit:2\n\ntemplate: unit\nrdnAttr: ou\nsubordinateTemplate: device:2\nou: u<sequential>\n\ntemplate: device\nrdnAttr: cn\nobjectClass: device\ncn: d<sequential>\n',
  );
  assert.deepEqual(dns, [
    'cn=d0,ou=u0,o=t',
    'cn=d1,ou=u0,o=t',
    'cn=d2,ou=u1,o=t',
    'cn=d3,ou=u1,o=t',
  ]);
});

test('people-and-groups.template from data/makeldif: counts, members that exist', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'dirbench-makeldif-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const result = await generateDataset(
    {
      kind: 'template',
      templatePath: join(
        import.meta.dirname,
        '../../../../data/makeldif/people-and-groups.template',
      ),
      entriesOverride: 300,
      seed: 4,
    },
    join(dir, 'pg.ldif'),
  );
  assert.equal(result.entries, 3 + 300 + 100);
  const entries = parseLdif(await readFile(result.ldifPath, 'latin1'));
  const dns = new Set(entries.map((e) => e.dn));
  const members = entries.flatMap((e) => all(e, 'member'));
  assert.ok(members.length >= 100);
  for (const m of members) assert.ok(dns.has(m), m);
});

const loadErrors: [string, string, number, RegExp][] = [
  [
    'unknown tag',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <foo:1>\n',
    5,
    /unknown tag <foo>; the tags are <attributevalue>/,
  ],
  [
    'tag not allowed in a branch',
    'branch: o=x\ncn: <first>\n',
    2,
    /<first> cannot be used in a branch/,
  ],
  [
    'reference to a later line',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: {sn}\nsn: x\n',
    5,
    /\{sn\}: no earlier line defines sn/,
  ],
  [
    'ifpresent of an unknown attribute',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <ifpresent:mail>x\n',
    5,
    /<ifpresent:mail>: no earlier line defines mail/,
  ],
  [
    'bad random type',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <random:colour>\n',
    5,
    /unknown random type "colour"/,
  ],
  [
    'random without type',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <random>\n',
    5,
    /<random> needs a type/,
  ],
  [
    'bad length',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <random:alpha:x>\n',
    5,
    /length "x" is not a whole number/,
  ],
  [
    'max below min',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <random:numeric:9:3>\n',
    5,
    /maximum 3 is below 9/,
  ],
  [
    'bad format',
    "branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <random:numeric:1:9:0'>\n",
    5,
    /format "0'"/,
  ],
  [
    'presence above 100',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <presence:101>x\n',
    5,
    /percentage 101 is above 100/,
  ],
  [
    'too many arguments',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <guid:1>\n',
    5,
    /<guid> takes 0 arguments, got 1/,
  ],
  [
    'missing file',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <file:no-such-list>\n',
    5,
    /<file:no-such-list>: no file no-such-list in /,
  ],
  [
    'sequential flag',
    'branch: o=x\n\ntemplate: p\nrdnAttr: cn\ncn: <sequential:1:maybe>\n',
    5,
    /"maybe" must be true or false/,
  ],
  [
    'rdnAttr without a line',
    'branch: o=x\nsubordinateTemplate: p:1\n\ntemplate: p\nrdnAttr: uid\ncn: x\n',
    4,
    /rdnAttr uid has no line giving it a value/,
  ],
  [
    'no rdnAttr',
    'branch: o=x\nsubordinateTemplate: p:1\n\ntemplate: p\ncn: x\n',
    4,
    /template p has no rdnAttr/,
  ],
  [
    'unknown subordinate',
    'branch: o=x\nsubordinateTemplate: ghost:1\n',
    2,
    /subordinateTemplate ghost is not a defined template/,
  ],
  [
    'extends below',
    'branch: o=x\n\ntemplate: a\nextends: b\nrdnAttr: cn\ncn: x\n\ntemplate: b\nobjectClass: top\n',
    4,
    /extends b, which is not a template defined above it/,
  ],
  [
    'a loop',
    'branch: o=x\nsubordinateTemplate: a:1\n\ntemplate: a\nrdnAttr: cn\nsubordinateTemplate: b:1\ncn: x\n\ntemplate: b\nrdnAttr: cn\nsubordinateTemplate: a:1\ncn: y\n',
    4,
    /form a loop \(a > b > a\)/,
  ],
  [
    'duplicate template',
    'template: a\nrdnAttr: cn\ncn: x\n\ntemplate: A\nrdnAttr: cn\ncn: y\n',
    5,
    /template A is already defined on line 1/,
  ],
  [
    'duplicate branch',
    'branch: o=x\n\nbranch: O=x\n',
    3,
    /branch O=x is already defined on line 1/,
  ],
  ['bad branch DN', 'branch: nonsense\n', 1, /branch DN "nonsense" is not a valid DN/],
  ['no branch', 'template: p\nrdnAttr: cn\ncn: x\n', 0, /has no branch/],
  [
    'open-ended count without override',
    'branch: o=x\nsubordinateTemplate: p\n\ntemplate: p\nrdnAttr: cn\ncn: x\n',
    2,
    /subordinateTemplate p has no count/,
  ],
];
for (const [name, text, line, reason] of loadErrors) {
  test(`template error with line number: ${name}`, () => {
    const err = loadError(text);
    assert.equal(err.line, line, err.message);
    assert.match(err.message, reason);
    assert.ok(
      err.message.startsWith(line > 0 ? `e.template:${line}: ` : 'e.template: '),
      err.message,
    );
  });
}

test('an RDN attribute left out by a tag fails the run with the template line', async (t) => {
  await assert.rejects(
    run(
      t,
      'branch: o=t\nsubordinateTemplate: p:5\n\ntemplate: p\nrdnAttr: cn\ncn: <presence:0>x\n',
    ),
    (err: unknown) =>
      err instanceof TemplateError &&
      err.line === 4 &&
      /no value for an RDN attribute/.test(err.message),
  );
});
