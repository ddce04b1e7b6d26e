// Same bytes on the wire: every lean request is byte-identical to ldapts' own encoding of it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  Attribute,
  Change,
  CompareRequest,
  DeleteRequest,
  ExtendedRequest,
  FilterParser,
  ModifyRequest,
  SearchRequest,
} from 'ldapts';
import { FUZZ_RUNS, fuzz } from '../../testing/fuzzCheck.ts';
import {
  CompareEncoder,
  DeleteEncoder,
  ExtendedEncoder,
  ModifyEncoder,
  SearchEncoder,
} from './encode.ts';
import type { LeanChange, LeanSearchFields } from './encode.ts';

/** Extended values are up to 64 KiB of random bytes: fewer cases keep the test under a second. */
const EXTENDED_RUNS = 300;

/** Message ids at every length boundary of a BER INTEGER, and anywhere from 1 to 2^31-1. */
const messageId = fc.oneof(
  fc.constantFrom(1, 127, 128, 255, 256, 32_767, 32_768, 65_535, 65_536, 8_388_607, 8_388_608),
  fc.constantFrom(16_777_215, 16_777_216, 2 ** 31 - 2, 2 ** 31 - 1),
  fc.integer({ min: 1, max: 2 ** 31 - 1 }),
);

/** UTF-8 byte lengths around every BER length boundary (1, 2 and 3 length bytes). */
const boundaryLength = fc.constantFrom(
  0,
  1,
  126,
  127,
  128,
  129,
  254,
  255,
  256,
  257,
  65_534,
  65_535,
  65_536,
);

/** A text of exactly `bytes` UTF-8 bytes, with multi-byte characters so a boundary may fall mid-text. */
function textOfBytes(bytes: number, wide: boolean): string {
  if (!wide || bytes < 4) return 'x'.repeat(bytes);
  // é is 2 bytes, 😀 4 (a surrogate pair in JS): the rest is ASCII.
  return `é😀${'y'.repeat(bytes - 6)}`;
}

const sized = fc
  .tuple(boundaryLength, fc.boolean())
  .map(([bytes, wide]) => textOfBytes(bytes, wide));

/** DNs: escaped, multi-valued, UTF-8, with lone surrogates, or of a boundary length. */
const dnText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'uid=user.1,ou=People,o=Salford,c=gb',
      'cn=Smith\\, John+sn=Smith,ou=x',
      'cn=\\23hash\\20,o=\\E4\\B8\\AD',
      'cn=a\\2Cb\\3D\\5C,dc=example',
      'cn=Łódź Ærø 日本,dc=例え',
      'cn=\uD800lone,dc=x',
      '',
    ),
  },
  { weight: 1, arbitrary: sized },
);

/** Values: anything a pattern can expand to. */
const valueText = fc.oneof(
  { weight: 5, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: sized },
);

const attributeName = fc.oneof(
  fc.constantFrom('cn', 'objectClass', 'description', '2.5.4.3', 'cn;lang-en', 'x-é', '*', '+'),
  fc.constantFrom('1.1', 'userPassword;binary', ''),
  fc.stringMatching(/^[A-Za-z][\w-]{0,20}$/),
);

/** An assertion value as written in a filter: RFC 4515 escapes for what must not appear raw. */
const filterValue = fc
  .oneof({ weight: 6, arbitrary: fc.string({ maxLength: 16 }) }, { weight: 1, arbitrary: sized })
  .map((v) => v.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
const filterAttribute = fc.stringMatching(/^[A-Za-z][\w-]{0,12}$/);

/** Filter strings of every kind ldapts parses: equality, substrings, >=, <=, ~=, presence, extensible, &, |, !. */
const filterText: fc.Arbitrary<string> = fc.letrec<{ f: string }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(filterAttribute, fc.constantFrom('=', '>=', '<=', '~='), filterValue)
      .map(([a, op, v]) => `(${a}${op}${v})`),
    filterAttribute.map((a) => `(${a}=*)`),
    fc
      .tuple(filterAttribute, filterValue, fc.array(filterValue, { maxLength: 3 }), filterValue)
      .map(([a, initial, any, final]) => `(${a}=${[initial, ...any, final].join('*')})`),
    fc
      .tuple(
        fc.option(filterAttribute, { nil: '' }),
        fc.boolean(),
        fc.constantFrom('', 'caseExactMatch', '2.5.13.2'),
        filterValue,
      )
      .filter(([a, , rule]) => a !== '' || rule !== '')
      .map(([a, dn, rule, v]) => `(${a}${dn ? ':dn' : ''}${rule === '' ? '' : `:${rule}`}:=${v})`),
    fc
      .tuple(fc.constantFrom('&', '|'), fc.array(tie('f'), { minLength: 1, maxLength: 3 }))
      .map(([op, parts]) => `(${op}${parts.join('')})`),
    tie('f').map((inner) => `(!${inner})`),
  ),
})).f;

const searchFields: fc.Arbitrary<LeanSearchFields> = fc.record({
  scope: fc.constantFrom('base', 'one', 'sub', 'children'),
  derefAliases: fc.constantFrom('never', 'search', 'find', 'always'),
  sizeLimit: fc.oneof(fc.constantFrom(0, 1, 127, 128, 500, 2 ** 31 - 1), fc.nat()),
  timeLimitS: fc.oneof(fc.constantFrom(0, 10, 128, 3600), fc.nat({ max: 86_400 })),
  typesOnly: fc.boolean(),
  attributes: fc.array(attributeName, { maxLength: 6 }),
});

const change: fc.Arbitrary<LeanChange & { values: string[] }> = fc.record({
  operation: fc.constantFrom('add', 'delete', 'replace'),
  attribute: attributeName,
  values: fc.array(valueText, { maxLength: 4 }),
});

/** One request of each lean kind, with two ops of it (the second reuses what the encoder kept). */
const requestCase = fc.oneof(
  fc.record({
    kind: fc.constant('search' as const),
    fields: searchFields,
    filter: filterText,
    dns: fc.tuple(dnText, dnText),
    ids: fc.tuple(messageId, messageId),
  }),
  fc.record({
    kind: fc.constant('compare' as const),
    attribute: attributeName,
    dns: fc.tuple(dnText, dnText),
    values: fc.tuple(valueText, valueText),
    ids: fc.tuple(messageId, messageId),
  }),
  fc.record({
    kind: fc.constant('modify' as const),
    changes: fc.array(change, { minLength: 1, maxLength: 3 }),
    dns: fc.tuple(dnText, dnText),
    ids: fc.tuple(messageId, messageId),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    dns: fc.tuple(dnText, dnText),
    ids: fc.tuple(messageId, messageId),
  }),
);

type RequestCase = typeof requestCase extends fc.Arbitrary<infer T> ? T : never;

/** Asserts the lean bytes equal ldapts' for both ops of the case. */
function checkCase(c: RequestCase): void {
  // One encoder for both ops, as for one workload operation; the second op reuses the filter's bytes.
  const searchEncoder = c.kind === 'search' ? new SearchEncoder(c.fields) : null;
  const filter = c.kind === 'search' ? FilterParser.parseString(c.filter) : null;
  for (const op of [0, 1] as const) {
    const id = c.ids[op];
    const dn = c.dns[op];
    let lean: Buffer | undefined;
    let ldapts: Buffer;
    switch (c.kind) {
      case 'search': {
        if (searchEncoder === null || filter === null) throw new Error('no search encoder');
        lean = searchEncoder.prepare(dn, filter)?.withMessageId(id);
        ldapts = new SearchRequest({
          messageId: id,
          baseDN: dn,
          scope: c.fields.scope,
          derefAliases: c.fields.derefAliases,
          sizeLimit: c.fields.sizeLimit,
          timeLimit: c.fields.timeLimitS,
          returnAttributeValues: !c.fields.typesOnly,
          filter,
          attributes: [...c.fields.attributes],
        }).write();
        break;
      }
      case 'compare':
        lean = new CompareEncoder(c.attribute).prepare(dn, c.values[op])?.withMessageId(id);
        ldapts = new CompareRequest({
          messageId: id,
          dn,
          attribute: c.attribute,
          value: c.values[op],
        }).write();
        break;
      case 'modify':
        lean = new ModifyEncoder(c.changes)
          .prepare(
            dn,
            c.changes.map((ch) => ch.values),
          )
          ?.withMessageId(id);
        ldapts = new ModifyRequest({
          messageId: id,
          dn,
          changes: c.changes.map(
            (ch) =>
              new Change({
                operation: ch.operation,
                modification: new Attribute({ type: ch.attribute, values: ch.values }),
              }),
          ),
        }).write();
        break;
      case 'delete':
        lean = new DeleteEncoder().prepare(dn)?.withMessageId(id);
        ldapts = new DeleteRequest({ messageId: id, dn }).write();
        break;
    }
    assert.ok(lean !== undefined, `${c.kind}: the lean path refused a request ldapts encodes`);
    if (!lean.equals(ldapts)) {
      assert.equal(lean.toString('hex'), ldapts.toString('hex'), `${c.kind} op ${op} differs`);
    }
  }
}

test(`lean requests are byte-identical to ldapts' encoding (${FUZZ_RUNS} cases)`, async () => {
  await fuzz('lean request bytes', requestCase, checkCase, () => false, { maxCaseMs: 1000 });
});

test('a request longer than ldapts can encode is left to ldapts (which refuses it)', () => {
  const huge = 'x'.repeat(16_777_216);
  assert.equal(new DeleteEncoder().prepare(huge), null);
  assert.throws(() => new DeleteRequest({ messageId: 1, dn: huge }).write());
  const search = new SearchEncoder({
    scope: 'base',
    derefAliases: 'never',
    sizeLimit: 0,
    timeLimitS: 0,
    typesOnly: false,
    attributes: [],
  });
  assert.equal(search.prepare(huge, FilterParser.parseString('(objectClass=*)')), null);
  // Just under ldapts' bound the lean path still takes it, byte for byte.
  const large = 'x'.repeat(16_777_200);
  const lean = new DeleteEncoder().prepare(large)?.withMessageId(2 ** 31 - 1);
  assert.ok(lean?.equals(new DeleteRequest({ messageId: 2 ** 31 - 1, dn: large }).write()));
});

test('a prepared request sent twice gets its own bytes the second time', () => {
  const prepared = new DeleteEncoder().prepare('cn=a');
  assert.ok(prepared !== null);
  const first = prepared.withMessageId(1);
  const second = prepared.withMessageId(300);
  assert.ok(first.equals(new DeleteRequest({ messageId: 1, dn: 'cn=a' }).write()));
  assert.ok(second.equals(new DeleteRequest({ messageId: 300, dn: 'cn=a' }).write()));
});

test(`lean extended requests are byte-identical to ldapts' encoding (${EXTENDED_RUNS} cases)`, () => {
  const oid = fc.constantFrom('1.3.6.1.4.1.4203.1.11.3', '1.3.6.1.4.1.4203.1.11.1', '1.2.3');
  const value = fc.option(
    boundaryLength.chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
    { nil: null },
  );
  fc.assert(
    fc.property(oid, value, messageId, (name, bytes, id) => {
      const requestValue = bytes === null ? null : Buffer.from(bytes);
      const lean = new ExtendedEncoder(name).prepare(requestValue)?.withMessageId(id);
      const options = {
        messageId: id,
        oid: name,
        ...(requestValue ? { value: requestValue } : {}),
      };
      const ldapts = new ExtendedRequest(options).write();
      assert.equal(lean?.toString('hex'), ldapts.toString('hex'));
    }),
    { numRuns: EXTENDED_RUNS },
  );
});
