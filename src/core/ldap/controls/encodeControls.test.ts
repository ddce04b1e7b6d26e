// Request controls on the wire: a lean request with controls is byte for byte what ldapts sends
// with the same controls, the known controls' values are their RFCs' encodings, and a read entry
// response decodes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  Attribute,
  Change,
  DeleteRequest,
  FilterParser,
  ModifyRequest,
  SearchRequest,
} from 'ldapts';
import { fuzz } from '../../testing/fuzzCheck.ts';
import { berString, tlv } from '../../responder/ber.ts';
import { DeleteEncoder, ModifyEncoder, SearchEncoder } from '../lean/encode.ts';
import {
  assertionValue,
  controlsElement,
  decodeReadEntry,
  EncodedControl,
  encodeControl,
  proxiedAuthValue,
  readAttributesValue,
} from './encodeControls.ts';
import type { ControlBytes } from './encodeControls.ts';

const control: fc.Arbitrary<ControlBytes> = fc.record({
  oid: fc
    .array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 12 })
    .map((arcs) => `1.${arcs.join('.')}`),
  critical: fc.boolean(),
  value: fc.option(
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    { nil: null },
  ),
});

/** One lean request with controls and the ldapts message it must equal. */
const requestCase = fc.record({
  kind: fc.constantFrom('delete', 'modify', 'search'),
  dn: fc.string({ maxLength: 60 }),
  value: fc.string({ maxLength: 60 }),
  controls: fc.array(control, { minLength: 1, maxLength: 4 }),
  messageId: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

const SEARCH = {
  scope: 'sub',
  derefAliases: 'never',
  sizeLimit: 0,
  timeLimitS: 0,
  typesOnly: false,
  attributes: ['cn'],
} as const;

test('a lean request with controls is byte for byte what ldapts writes with them', async () => {
  const modify = new ModifyEncoder([{ operation: 'replace', attribute: 'description' }]);
  const search = new SearchEncoder(SEARCH);
  const remove = new DeleteEncoder();
  await fuzz(
    'lean request with controls',
    requestCase,
    ({ kind, dn, value, controls, messageId }) => {
      const element = controlsElement(controls.map(encodeControl));
      const ldaptsControls = controls.map((c) => new EncodedControl(c));
      const filter = FilterParser.parseString('(cn=x)');
      const [lean, expected] =
        kind === 'delete'
          ? [remove.prepare(dn), new DeleteRequest({ messageId, dn, controls: ldaptsControls })]
          : kind === 'modify'
            ? [
                modify.prepare(dn, [[value]]),
                new ModifyRequest({
                  messageId,
                  dn,
                  changes: [
                    new Change({
                      operation: 'replace',
                      modification: new Attribute({ type: 'description', values: [value] }),
                    }),
                  ],
                  controls: ldaptsControls,
                }),
              ]
            : [
                search.prepare(dn, filter),
                new SearchRequest({
                  messageId,
                  baseDN: dn,
                  scope: 'sub',
                  derefAliases: 'never',
                  sizeLimit: 0,
                  timeLimit: 0,
                  returnAttributeValues: true,
                  filter,
                  attributes: ['cn'],
                  controls: ldaptsControls,
                }),
              ];
      const bytes = lean?.withControls(element)?.withMessageId(messageId);
      assert.ok(bytes?.equals(expected.write()), `${kind} with ${controls.length} controls`);
    },
    () => false,
    { numRuns: 20_000 },
  );
});

test("the known controls' values: an identity as is, a filter in BER, attribute names in a sequence", () => {
  assert.deepEqual(proxiedAuthValue('dn:uid=a,o=x'), Buffer.from('dn:uid=a,o=x'));
  // RFC 4515/4511: (ou=Elsewhere) is equalityMatch [3] { "ou", "Elsewhere" }.
  assert.deepEqual(
    assertionValue(FilterParser.parseString('(ou=Elsewhere)')),
    tlv(0xa3, berString('ou'), berString('Elsewhere')),
  );
  assert.deepEqual(readAttributesValue(['cn', 'sn']), tlv(0x30, berString('cn'), berString('sn')));
  // Permissive modify has no value; criticality is always written, as ldapts writes it.
  assert.deepEqual(
    encodeControl({ oid: '1.2.840.113556.1.4.1413', critical: false, value: null }),
    tlv(0x30, berString('1.2.840.113556.1.4.1413'), tlv(0x01, Buffer.from([0]))),
  );
});

test('a pre-read or post-read response value decodes to its DN and attributes', () => {
  const entry = tlv(
    0x64,
    berString('uid=a,o=x'),
    tlv(
      0x30,
      tlv(0x30, berString('description'), tlv(0x31, berString('one'), berString('two'))),
      tlv(0x30, berString('uid'), tlv(0x31, berString('a'))),
    ),
  );
  assert.deepEqual(decodeReadEntry(entry), {
    dn: 'uid=a,o=x',
    attributes: { description: ['one', 'two'], uid: ['a'] },
  });
  assert.throws(() => decodeReadEntry(tlv(0x30)), /not a SearchResultEntry/);
});
