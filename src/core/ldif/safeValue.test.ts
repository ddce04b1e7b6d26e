import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasSafeEnd, hasSafeStart, isSafeValue } from './safeValue.ts';

test('plain values: printable ASCII, colons and < inside, spaces inside, the empty value', () => {
  for (const value of ['', 'plain', 'a: b', 'a:b', 'x<y', '+1 555 123 4567', '~!@#$%^&*()'])
    assert.ok(isSafeValue(value), JSON.stringify(value));
});

test('base64 values: a leading space, colon or <, or a trailing space', () => {
  for (const value of [' lead', ':colon', '<angle', 'trail ', ' ', '::'])
    assert.ok(!isSafeValue(value), JSON.stringify(value));
  assert.ok(!hasSafeStart(' x') && !hasSafeStart(':x') && !hasSafeStart('<x'));
  assert.ok(!hasSafeEnd('x '));
  assert.ok(hasSafeStart('') && hasSafeEnd(''), 'nothing to start or end with');
});

test('base64 values: NUL, CR, LF, anything above 127, and other control characters', () => {
  for (const value of [
    'a\0b',
    '\0',
    'cr\rhere',
    'lf\nhere',
    'crlf\r\n',
    'Zoë',
    '日本',
    '💥',
    '\u0080',
  ])
    assert.ok(!isSafeValue(value), JSON.stringify(value));
  // Allowed by RFC 2849 but not read alike by servers (OpenLDAP drops a leading tab), so base64 too.
  for (const value of ['tab\there', '\tlead', 'del\x7f', 'bell\x07'])
    assert.ok(!isSafeValue(value), JSON.stringify(value));
});
