import assert from 'node:assert/strict';
import { test } from 'node:test';
import { berInteger, berString, tlv } from '../../responder/ber.ts';
import { RESPONSE_TAG, encodeMessage, encodeResult } from '../../responder/ldapMessages.ts';
import { noticeOfDisconnection } from '../../testing/hostileFaults.ts';
import { entryMessage, referenceMessage, resultMessage } from '../../testing/ldapResponses.ts';
import { describeLdapFailure, failureCodeName } from '../failure.ts';
import {
  NoticeOfDisconnectionError,
  UnexpectedResponseError,
  answers,
  noticeCode,
} from './answerGuard.ts';
import { MessageTooLargeError, UnframeableError } from './frame.ts';
import { wellFormedResponse } from './responseShape.ts';

test('a Notice of Disconnection is told from other unsolicited messages by its OID, with its result code', () => {
  assert.equal(noticeCode(noticeOfDisconnection(52)), 52);
  assert.equal(noticeCode(noticeOfDisconnection(2)), 2);
  const otherOid = encodeMessage(
    0,
    tlv(0x78, berInteger(0, 0x0a), berString(''), berString(''), berString('1.2.3', 0x8a)),
  );
  assert.equal(noticeCode(otherOid), null);
  assert.equal(noticeCode(resultMessage(0, RESPONSE_TAG.extended, 52)), null, 'no responseName');
  assert.equal(noticeCode(Buffer.from([0x30, 0x80, 0x02])), null, 'not readable');
});

test('each request takes only its own kinds of answer', () => {
  assert.ok(answers(0x63, 0x64) && answers(0x63, 0x73) && answers(0x63, 0x65));
  assert.ok(answers(0x6e, 0x6f) && answers(0x77, 0x79));
  assert.ok(!answers(0x63, 0x61), 'a bind response to a search');
  assert.ok(!answers(0x6e, 0x65), 'a search done to a compare');
  assert.ok(answers(0x50, 0x61), 'requests without a known answer are not judged');
});

test('the guard errors are counted and explained by their cause', () => {
  const url = 'ldap://127.0.0.1:3899';
  const cases: [Error, string, RegExp][] = [
    [
      new MessageTooLargeError(64 << 20, 20 << 20),
      'messageTooLarge',
      /larger than DirBench accepts/,
    ],
    [
      new UnframeableError('a message cannot start with 00'),
      'decodingError',
      /could not be decoded/,
    ],
    [new UnexpectedResponseError(0x63, 0x61, false), 'decodingError', /wrong kind \(0x61\)/],
    [
      new NoticeOfDisconnectionError(52),
      'noticeOfDisconnection',
      /announced it is closing.*unavailable, 52/,
    ],
  ];
  for (const [err, code, words] of cases) {
    assert.equal(failureCodeName(err), code);
    const described = describeLdapFailure(err, url);
    assert.equal(described.codeName, code);
    assert.match(described.message, words);
    assert.match(described.message, /127\.0\.0\.1:3899/);
  }
});

test('responses of every kind in their RFC 4511 shape pass', () => {
  const referral = tlv(
    0x65,
    berInteger(10, 0x0a),
    berString(''),
    berString('see'),
    tlv(0xa3, berString('ldap://a/')),
  );
  const control = tlv(
    0xa0,
    tlv(0x30, berString('1.2.840.113556.1.4.319'), tlv(0x01, Buffer.from([0xff])), berString('v')),
  );
  const good = [
    entryMessage(2, 'uid=a,o=x', { cn: ['a', 'b'], mail: [] }),
    entryMessage(2, '', {}),
    referenceMessage(2, 'ldap://elsewhere/'),
    resultMessage(2, RESPONSE_TAG.searchDone, 0),
    resultMessage(7, RESPONSE_TAG.compare, 6, 'text'),
    encodeMessage(3, referral),
    encodeMessage(
      1,
      tlv(0x61, berInteger(14, 0x0a), berString(''), berString(''), berString('creds', 0x87)),
    ),
    noticeOfDisconnection(52),
    encodeMessage(4, tlv(0x79, berString('1.2', 0x80))),
    encodeMessageWithControls(2, control),
  ];
  for (const message of good) assert.ok(wellFormedResponse(message), message.toString('hex'));
});

/** A searchResultDone with `controls` after it. */
function encodeMessageWithControls(id: number, controls: Buffer): Buffer {
  return tlv(0x30, berInteger(id), encodeResult(RESPONSE_TAG.searchDone, 0), controls);
}

test('malformed responses fail the shape check, the ones that made ldapts spin included', () => {
  const entry = entryMessage(2, 'uid=a,o=x', { cn: ['a'] });
  // The attribute list claims more than the entry holds: ldapts' entry parser looped for ever on it.
  const longList = Buffer.from(entry);
  const listAt = entry.indexOf(Buffer.from([0x30]), 8);
  longList[listAt + 1] = (longList[listAt + 1] as number) + 5;
  const bad = [
    longList,
    Buffer.concat([entry, Buffer.from([0])]),
    entry.subarray(0, entry.length - 1),
    resultMessage(2, RESPONSE_TAG.searchDone, 0).fill(0x0b, 5, 6),
    encodeMessage(2, tlv(0x65, berInteger(-96, 0x0a), berString(''), berString(''))),
    encodeMessage(2, tlv(0x65, berInteger(0, 0x0a), berString(''))),
    encodeMessage(2, tlv(0x7a, Buffer.alloc(0))),
    encodeMessage(2, tlv(0x73, Buffer.alloc(0))),
    tlv(0x30, berInteger(2)),
    tlv(0x30, tlv(0x02, Buffer.alloc(5)), encodeResult(RESPONSE_TAG.delete, 0)),
    tlv(0x30, berInteger(2), encodeResult(RESPONSE_TAG.delete, 0), tlv(0xa0, berString('x'))),
  ];
  for (const message of bad) assert.ok(!wellFormedResponse(message), message.toString('hex'));
});
