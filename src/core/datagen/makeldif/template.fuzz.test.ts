import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { resourcePath } from '../../base/resources.ts';
import { fuzz, joined, numberText, oddText } from '../../testing/fuzzCheck.ts';
import type { EntryState, Program, Subordinate } from './compiledTypes.ts';
import { loadTemplateText } from './engine.ts';
import { TemplateError } from './errors.ts';

// The shipped templates are the valid starting points; line edits then break them as hand edits do.
const bases = ['example.template', 'people-and-groups.template'].map((name) =>
  readFileSync(resourcePath('data', 'makeldif', name), 'utf8').split('\n'),
);

// Short lists found before DirBench's own (searched first), so each case reads a few bytes, not thousands of names.
const resourceDir = mkdtempSync(join(tmpdir(), 'dirbench-template-fuzz-'));
after(() => rmSync(resourceDir, { recursive: true, force: true }));
for (const [name, lines] of Object.entries({
  'first.names': 'Ann\nBob\n',
  'last.names': "Lee\nO'Neil\n",
  cities: 'Salford\n',
  states: 'GB\n',
  streets: 'Main\n',
})) {
  writeFileSync(join(resourceDir, name), lines);
}

const n = fc.oneof(fc.nat(5).map(String), numberText);
const tag: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        'alpha',
        'numeric',
        'alphanumeric',
        'hex',
        'base64',
        'chars:AB',
        'chars:',
        'month',
        'telephone',
        'x',
      ),
      n,
      fc.option(n),
    )
    .map(([kind, a, b]) => `<random:${kind}:${a}${b === null ? '' : `:${b}`}>`),
  fc
    .tuple(
      fc.constantFrom(
        'sequential',
        'presence',
        'dn',
        'parentdn',
        'guid',
        'first',
        'last',
        'rdn',
        '_dn',
        'list',
        'statictext',
        'file',
        'ifpresent',
        'ifabsent',
        'attributevalue',
        'unknown',
        '',
      ),
      fc.array(fc.oneof(n, fc.constantFrom('cn', 'streets', 'a;2', 'true', '')), { maxLength: 3 }),
    )
    .map(([name, args]) => `<${[name, ...args].join(':')}>`),
  fc
    .tuple(fc.constantFrom('cn', 'sn', 'uid', 'givenName', 'nope', ''), fc.option(n))
    .map(([a, c]) => `{${a}${c === null ? '' : `:${c}`}}`),
  fc.constantFrom(
    '[suffix]',
    '[numusers]',
    '[undefined]',
    '<',
    '>',
    '{',
    '}',
    '\\',
    ':',
    '"',
    '`',
    '${',
    "'",
    '\\u0000',
  ),
);
const value = joined(
  fc.oneof(
    { weight: 2, arbitrary: tag },
    { weight: 1, arbitrary: fc.constantFrom('user.', ' ', 'x') },
    { weight: 1, arbitrary: oddText },
  ),
  4,
);
const line: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'cn',
          'sn',
          'uid',
          'objectClass',
          'userPassword',
          'description',
          'member',
          'constructor',
          '__proto__',
          'x-y',
          '1bad',
        ),
        fc.constantFrom(': ', ':: ', ':< ', ':'),
        value,
      )
      .map(([a, s, v]) => a + s + v),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'define x=',
          'define numusers=',
          'define =',
          'define suffix',
          'branch: ',
          'template: ',
          'extends: ',
          'rdnAttr: ',
          'subordinateTemplate: ',
          'include ',
        ),
        value,
      )
      .map(([h, v]) => h + v),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'subordinateTemplate: person:',
          'subordinateTemplate: group:',
          'subordinateTemplate: nope:',
          'subordinateTemplate: person',
        ),
        n,
      )
      .map(([h, c]) => h + c),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '# comment',
      'branch: dc=example,dc=com',
      'template: person',
      'rdnAttr: cn+sn',
      'extends: person',
      'extends: group',
    ),
  },
);

interface Edit {
  at: number;
  kind: 'replace' | 'insert' | 'delete' | 'splice' | 'truncate';
  line: string;
  offset: number;
}
const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'insert', 'insert', 'delete', 'splice', 'truncate'),
  line,
  offset: fc.nat(80),
});

function apply(lines: string[], e: Edit): string[] {
  const out = [...lines];
  const i = e.at % (out.length + 1);
  if (e.kind === 'insert') out.splice(i, 0, e.line);
  else if (e.kind === 'truncate') out.length = i;
  else if (i < out.length) {
    const old = out[i] as string;
    if (e.kind === 'replace') out[i] = e.line;
    else if (e.kind === 'delete') out.splice(i, 1);
    else out[i] = old.slice(0, e.offset) + e.line + old.slice(e.offset);
  }
  return out;
}

const templateText = fc
  .tuple(fc.constantFrom(...bases), fc.array(edit, { minLength: 1, maxLength: 4 }))
  .map(([base, edits]) => edits.reduce(apply, base).join('\n'));

/** Runs a program's generated code a few times, as the streaming engine would for its entries. */
function generate(program: Program, parentDn: string): string {
  const e: EntryState = {
    parentDn,
    parentSafe: true,
    first: 'Ann',
    last: 'Lee',
    dn: '',
    password: null,
  };
  for (let i = 0; i < 2; i++) program.gen(e);
  return e.dn;
}

function generateBelow(subs: Subordinate[], parentDn: string, depth: number): void {
  for (const sub of subs) {
    if (sub.count === 0) continue;
    const dn = generate(sub.template.program, parentDn);
    if (depth < 2) generateBelow(sub.template.subordinates, dn, depth + 1);
  }
}

test('makeldif templates: edited templates load and generate, or raise TemplateError, quickly', async () => {
  await fuzz(
    'makeldif template',
    fc.tuple(templateText, fc.option(fc.nat(1000))),
    ([text, entries]) => {
      const loaded = loadTemplateText(text, 'fuzz.template', {
        seed: 1,
        resourceDir,
        entriesOverride: entries ?? undefined,
      });
      for (const branch of loaded.compiled.branches)
        generateBelow(branch.subordinates, generate(branch.program, ''), 0);
    },
    (err) => err instanceof TemplateError,
  );
});
