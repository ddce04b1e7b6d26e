// Values for property tests of LDIF writing: any text, weighted towards the edges of the safe-value rule.
import fc from 'fast-check';

/** Any well-formed text, and the cases RFC 2849 singles out: edge spaces, ':', '<', NUL, CR, LF, non-ASCII. */
export const ldifValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    ' lead',
    'trail ',
    ':x',
    '<x',
    'a\0b',
    'cr\rlf\n',
    'Zoë',
    'tab\t',
    'a b',
  ),
);
