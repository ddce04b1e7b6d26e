import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { berInteger, berString, tlv } from '../responder/ber.ts';
import {
  compareSearchRequests,
  describeDifferences,
  hexDump,
  LdapMessageFramer,
  parseSearchRequest,
} from './searchRequestWire.ts';

interface SearchShape {
  messageId?: number;
  baseDn?: string;
  sizeLimit?: number;
  attributes?: string[];
  controls?: Buffer;
}

/** A SearchRequest for a base-scope (objectClass=*) read, as both peers send it. */
function searchMessage(shape: SearchShape = {}): Buffer {
  const op = tlv(
    0x63,
    berString(shape.baseDn ?? 'cn=A,o=Salford,c=gb'),
    berInteger(0, 0x0a),
    berInteger(0, 0x0a),
    berInteger(shape.sizeLimit ?? 0),
    berInteger(0),
    tlv(0x01, Buffer.from([0x00])),
    berString('objectClass', 0x87),
    tlv(0x30, ...(shape.attributes ?? []).map((a) => berString(a))),
  );
  const parts = [berInteger(shape.messageId ?? 2), op];
  if (shape.controls !== undefined) parts.push(shape.controls);
  return tlv(0x30, ...parts);
}

function parsed(message: Buffer) {
  const parts = parseSearchRequest(message);
  assert.ok(parts !== null, 'a SearchRequest');
  return parts;
}

describe('parseSearchRequest', () => {
  it('reads the message id and base DN and leaves them out of the compared fields', () => {
    const parts = parsed(searchMessage({ messageId: 300, baseDn: 'cn=Zoë,o=Salford,c=gb' }));
    assert.equal(parts.messageId, 300);
    assert.equal(parts.baseDn, 'cn=Zoë,o=Salford,c=gb');
    assert.deepEqual(
      parts.fields.map((f) => f.name),
      [
        'LDAPMessage',
        'messageID',
        'protocolOp',
        'baseObject',
        'scope',
        'derefAliases',
        'sizeLimit',
        'timeLimit',
        'typesOnly',
        'filter',
        'attributes',
        'controls',
      ],
    );
    assert.equal(
      parts.fields.find((f) => f.name === 'filter')?.value,
      '87 0b 6f 62 6a 65 63 74 43 6c 61 73 73',
    );
  });

  it('returns null for a message that is not a SearchRequest', () => {
    const bind = tlv(
      0x30,
      berInteger(1),
      tlv(0x60, berInteger(3), berString(''), berString('', 0x80)),
    );
    assert.equal(parseSearchRequest(bind), null);
  });

  it('rejects bytes that are not one LDAPMessage', () => {
    assert.throws(() => parseSearchRequest(Buffer.from([0x30, 0x05, 0x02, 0x01])), RangeError);
    assert.throws(() => parseSearchRequest(Buffer.concat([searchMessage(), Buffer.from([0])])), {
      message: /bytes after/,
    });
  });
});

describe('compareSearchRequests', () => {
  it('finds no difference when only the message id and the base DN differ, lengths included', () => {
    const short = parsed(searchMessage({ messageId: 1, baseDn: 'cn=A,c=gb' }));
    // A 200-byte DN and a 3-byte id change every enclosing length, to the long form.
    const long = parsed(searchMessage({ messageId: 70_000, baseDn: `cn=${'x'.repeat(200)},c=gb` }));
    assert.deepEqual(compareSearchRequests(short, long), []);
  });

  it('names each field that differs, with its bytes and meaning', () => {
    const peer = parsed(searchMessage());
    const ours = parsed(searchMessage({ sizeLimit: 5, attributes: ['*'] }));
    const differences = compareSearchRequests(peer, ours);
    assert.deepEqual(
      differences.map((d) => d.field),
      ['sizeLimit', 'attributes'],
    );
    assert.equal(
      describeDifferences(differences, 'searchrate', 'dirbench'),
      'sizeLimit: searchrate 02 01 00 (0) | dirbench 02 01 05 (5)\n' +
        'attributes: searchrate 30 00 ((none: all user attributes)) | dirbench 30 03 04 01 2a (*)',
    );
  });

  it('tells controls apart from their absence', () => {
    const manageDsaIt = tlv(0xa0, tlv(0x30, berString('2.16.840.1.113730.3.4.2')));
    const differences = compareSearchRequests(
      parsed(searchMessage()),
      parsed(searchMessage({ controls: manageDsaIt })),
    );
    assert.equal(differences.length, 1);
    assert.equal(differences[0]?.field, 'controls');
    assert.equal(differences[0]?.left?.value, 'absent');
    assert.equal(differences[0]?.right?.meaning, 'control OIDs: 2.16.840.1.113730.3.4.2');
  });

  it('counts a longer-than-needed length as a difference', () => {
    const minimal = searchMessage();
    // The same message with its outer length in the 4-byte long form (0x84), as some encoders write it.
    const padded = Buffer.concat([
      Buffer.from([0x30, 0x84, 0, 0, 0, minimal[1] as number]),
      minimal.subarray(2),
    ]);
    const differences = compareSearchRequests(parsed(minimal), parsed(padded));
    assert.deepEqual(
      differences.map((d) => [d.field, d.right?.value]),
      [['LDAPMessage', 'tag 30, length in 4 more byte(s) than needed']],
    );
  });

  it('counts a zero-padded message id as a difference, but not its value', () => {
    const plain = searchMessage({ messageId: 5 });
    // 30 LL 02 01 05 63...: rebuild the message around the id 5 written as 02 02 00 05.
    const op = plain.subarray(5);
    const rebuilt = tlv(0x30, Buffer.from([0x02, 0x02, 0x00, 0x05]), op);
    const differences = compareSearchRequests(parsed(plain), parsed(rebuilt));
    assert.deepEqual(
      differences.map((d) => [d.field, d.right?.value]),
      [['messageID', 'tag 02, non-minimal integer']],
    );
  });
});

describe('LdapMessageFramer', () => {
  it('cuts a stream into whole messages whatever the chunk boundaries', () => {
    const messages = [searchMessage({ messageId: 1 }), searchMessage({ messageId: 2 })];
    const stream = Buffer.concat(messages);
    for (let cut = 1; cut < stream.length; cut++) {
      const framer = new LdapMessageFramer();
      const out = [...framer.push(stream.subarray(0, cut)), ...framer.push(stream.subarray(cut))];
      assert.deepEqual(out, messages, `cut at ${cut}`);
    }
  });

  it('refuses a stream that is not LDAP, and one message larger than its bound', () => {
    assert.throws(() => new LdapMessageFramer().push(Buffer.from('GET / HTTP/1.1\r\n')), {
      message: /starts with 0x30/,
    });
    const framer = new LdapMessageFramer(64);
    assert.throws(() => framer.push(Buffer.from([0x30, 0x82, 0x10, 0x00, ...Buffer.alloc(100)])), {
      message: /longer than 64 bytes/,
    });
  });
});

describe('hexDump', () => {
  it('prints offsets, 16 hex bytes and the printable characters per line', () => {
    const dump = hexDump(Buffer.from('0123456789abcdef\x00Z', 'latin1'));
    assert.equal(
      dump,
      '00000000: 30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66  0123456789abcdef\n' +
        '00000010: 00 5a                                            .Z',
    );
  });
});
