import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseEntryTemplateText, formatEntryTemplateText } from './entryTemplateText.ts';
import { ApiError } from './errors.ts';
import { fuzz, joined, maybeTruncated, oddText } from '../core/testing/fuzzCheck.ts';

// Add templates as LDIF with value patterns: dn first, attribute lines, folding, comments, base64.
const name = fc.constantFrom(
  'dn',
  'DN',
  'objectClass',
  'cn',
  'sn;lang-en',
  'constructor',
  '__proto__',
  '1cn',
  '',
  'c n',
);
const separator = fc.constantFrom(': ', ':', '::', ' : ', ':  ', '');
const value = joined(
  fc.oneof(
    fc.constantFrom('cn=x [unique],o=t', '[random:8]', 'inetOrgPerson', '[', ']', ' '),
    oddText,
  ),
  3,
);
const line = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(name, separator, value).map(([n, s, v]) => n + s + v) },
  { weight: 1, arbitrary: fc.constantFrom('', '# comment', ' folded', '\t', '-') },
);
const text = fc
  .tuple(value, fc.array(line, { maxLength: 8 }), fc.constantFrom('\n', '\r\n'))
  .map(([dn, lines, eol]) => [`dn: ${dn}`, ...lines].join(eol));

const ownError = (err: unknown): boolean =>
  err instanceof ApiError && err.kind === 'validation' && err.field === '--template';

test('add template text: parses, or raises a validation error naming the option, quickly', async () => {
  await fuzz(
    'add template text',
    fc.oneof(maybeTruncated(text), joined(line, 6)),
    (t) => {
      const template = parseEntryTemplateText(t, '--template');
      // What parses must survive its own text form: the GUI shows templates as text and reads them back.
      assert.deepEqual(
        parseEntryTemplateText(formatEntryTemplateText(template), '--template'),
        template,
      );
    },
    ownError,
  );
});
