import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TemplateError } from './errors.ts';
import { parseTemplateText, parseValue, replaceConstants } from './parse.ts';

const never = (reason: string): never => {
  throw new Error(reason);
};

test('constants: [name] is replaced, case-insensitively; escaped and unknown ones stay', () => {
  const constants = new Map([
    ['suffix', 'dc=example,dc=com'],
    ['n', '10'],
  ]);
  const warnings: string[] = [];
  const warn = (w: string): number => warnings.push(w);
  assert.equal(
    replaceConstants('branch: ou=P,[SUFFIX]', constants, warn),
    'branch: ou=P,dc=example,dc=com',
  );
  assert.equal(replaceConstants('x: [n]-[n]', constants, warn), 'x: 10-10');
  assert.equal(replaceConstants('x: \\[n\\] and [n]', constants, warn), 'x: \\[n\\] and 10');
  assert.equal(replaceConstants('x: ] [nope]', constants, warn), 'x: ] [nope]');
  assert.deepEqual(warnings, ['[nope] is not a defined constant; kept as written']);
  // A value is not scanned again for constants.
  assert.equal(replaceConstants('[a]', new Map([['a', '[n]']]), warn), '[n]');
});

test('a value splits into text, <tags> (StringTokenizer arguments) and {attribute} references', () => {
  assert.deepEqual(parseValue('user.{employeeNumber}', never), [
    { kind: 'text', text: 'user.' },
    { kind: 'attr', attr: 'employeeNumber', chars: 0, source: '{employeeNumber}' },
  ]);
  assert.deepEqual(parseValue('<Random:chars:ABC:1>{sn:1}', never), [
    { kind: 'tag', name: 'random', args: ['chars', 'ABC', '1'], source: '<Random:chars:ABC:1>' },
    { kind: 'attr', attr: 'sn', chars: 1, source: '{sn:1}' },
  ]);
  // Empty arguments vanish, as with java.util.StringTokenizer; arguments are trimmed.
  assert.deepEqual(parseValue('<list: a ::b>', never), [
    { kind: 'tag', name: 'list', args: ['a', 'b'], source: '<list: a ::b>' },
  ]);
  // Backslash escapes the next character anywhere.
  assert.deepEqual(parseValue('a\\<b\\>\\{c\\} \\\\', never), [
    { kind: 'text', text: 'a<b>{c} \\' },
  ]);
  assert.deepEqual(parseValue('', never), []);
  assert.throws(() => parseValue('x <random:alpha:3', never), /unclosed <random:alpha:3/);
  assert.throws(() => parseValue('{cn', never), /unclosed \{cn/);
  assert.throws(() => parseValue('{cn:x}', never), /"x" is not a whole number/);
  assert.throws(() => parseValue('<>', never), /empty tag/);
});

test('a file: defines, branches and templates with their headers', () => {
  const def = parseTemplateText(
    [
      '# a comment',
      'define suffix=dc=example,dc=com',
      'define numusers=5',
      '',
      'branch: [suffix]',
      'objectClass: domain',
      '',
      'branch: ou=People,[suffix]',
      'subordinateTemplate: person:[numusers]',
      'subordinateTemplate: admin',
      '',
      'template: base',
      'objectClass: person',
      '',
      'template: person',
      'extends: base',
      'rdnAttr: cn+uid',
      'subordinateTemplate: device:2',
      'cn:: Zm9v',
      'seeAlso:< file:///x',
      'sn:   padded',
    ].join('\r\n'),
    'people.template',
  );
  assert.deepEqual(
    [...def.constants],
    [
      ['suffix', 'dc=example,dc=com'],
      ['numusers', '5'],
    ],
  );
  assert.equal(def.branches.length, 2);
  assert.equal(def.branches[1]?.dn, 'ou=People,dc=example,dc=com');
  assert.deepEqual(def.branches[1]?.subordinates, [
    { name: 'person', count: 5, line: 9 },
    { name: 'admin', count: -1, line: 10 },
  ]);
  const person = def.templates[1];
  assert.equal(person?.extendsName, 'base');
  assert.deepEqual(person?.rdnAttrs, ['cn', 'uid']);
  assert.deepEqual(person?.subordinates, [{ name: 'device', count: 2, line: 18 }]);
  assert.deepEqual(
    person?.lines.map((l) => [l.attr, l.form, l.line, l.parts]),
    [
      ['cn', 'base64', 19, [{ kind: 'text', text: 'Zm9v' }]],
      ['seeAlso', 'url', 20, [{ kind: 'text', text: 'file:///x' }]],
      ['sn', 'text', 21, [{ kind: 'text', text: 'padded' }]],
    ],
  );
});

test('constants given by the caller win over the file, like makeldif -c', () => {
  const def = parseTemplateText(
    'define numusers=10\nbranch: o=x\nsubordinateTemplate: p:[numusers]\n',
    'f',
    new Map([['NumUsers', '3']]),
  );
  assert.equal(def.branches[0]?.subordinates[0]?.count, 3);
});

test('warnings: undefined constants and empty defines', () => {
  const def = parseTemplateText('define empty=\nbranch: o=[org]\n', 't.template');
  assert.deepEqual(def.warnings, [
    't.template:1: constant empty is defined as empty',
    't.template:2: [org] is not a defined constant; kept as written',
  ]);
});

const errorCases: [string, string, number, RegExp][] = [
  ['define without =', 'define x\n', 1, /a define needs "="/],
  ['define without name', 'define =1\n', 1, /needs a name/],
  ['defined twice', 'define a=1\n\ndefine A=2\n', 3, /constant A is already defined on line 1/],
  ['unexpected line', 'define a=1\nhello\n', 2, /unexpected line "hello"/],
  ['include', 'include com.example.MyTag\n', 1, /Java tag class \(com\.example\.MyTag\)/],
  ['line without colon', 'branch: o=x\nobjectClass top\n', 2, /not "attribute: value"/],
  ['line without attribute', 'branch: o=x\n: top\n', 2, /no attribute name/],
  ['bad attribute name', 'branch: o=x\nbad name: v\n', 2, /"bad name" .* is not an attribute name/],
  [
    'bad count',
    'branch: o=x\nsubordinateTemplate: p:[n]\n',
    2,
    /"\[n\]" is not a whole number >= 0 \(is the constant defined\?\)/,
  ],
  ['negative count', 'branch: o=x\nsubordinateTemplate: p:-1\n', 2, /not a whole number >= 0/],
  [
    'header after lines',
    'template: p\ncn: x\nrdnAttr: cn\n',
    3,
    /rdnAttr must come before the attribute lines of template p/,
  ],
  ['bad rdnAttr', 'template: p\nrdnAttr: c n\n', 2, /rdnAttr "c n" is not an attribute name/],
  ['empty template name', 'template:\n', 1, /needs a name/],
  ['unclosed tag', 'template: p\nrdnAttr: cn\n# comment\ncn: <first\n', 4, /unclosed <first/],
  ['blank line ends a block', 'template: p\nrdnAttr: cn\n\ncn: x\n', 4, /unexpected line "cn: x"/],
];
for (const [name, text, line, reason] of errorCases) {
  test(`parse error names file and line: ${name}`, () => {
    assert.throws(
      () => parseTemplateText(text, 'my.template'),
      (err: unknown) =>
        err instanceof TemplateError &&
        err.file === 'my.template' &&
        err.line === line &&
        reason.test(err.message) &&
        err.message.startsWith(`my.template:${line}: `),
    );
  });
}
