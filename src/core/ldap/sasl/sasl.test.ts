// The SASL client mechanisms against the example exchanges of their RFCs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cramMd5Response } from './cramMd5.ts';
import {
  checkRspauth,
  digestMd5Answer,
  DigestMd5Error,
  parseDigestChallenge,
  parseDirectives,
} from './digestMd5.ts';

test('CRAM-MD5 answers the challenge of RFC 2195 section 2 as the RFC does', () => {
  assert.equal(
    cramMd5Response('<1896.697170952@postoffice.reston.mci.net>', 'tim', 'tanstaaftanstaaf'),
    'tim b913a602c7eda7a495b4e6e7334d3890',
  );
});

/** RFC 2831 section 4: the IMAP and ACAP exchanges (user chris, password secret). */
const RFC_2831_EXAMPLES = [
  {
    challenge:
      'realm="elwood.innosoft.com",nonce="OA6MG9tEQGm2hh",qop="auth",algorithm=md5-sess,charset=utf-8',
    cnonce: 'OA6MHXh6VqTrRk',
    digestUri: 'imap/elwood.innosoft.com',
    response: 'd388dad90d4bbd760a152321f2143af7',
    rspauth: 'ea40f60335c427b5527b84dbabcdfffd',
  },
  {
    challenge:
      'realm="elwood.innosoft.com",nonce="OA9BSXrbuRhWay",qop="auth",algorithm=md5-sess,charset=utf-8',
    cnonce: 'OA9BSuZWMSpW8m',
    digestUri: 'acap/elwood.innosoft.com',
    response: '6084c6db3fede7352c551284490fd0fc',
    rspauth: '2f0b3d7c3c2e486600ef710726aa2eae',
  },
];

test('DIGEST-MD5 answers the challenges of RFC 2831 section 4 as the RFC does, and checks rspauth', () => {
  for (const example of RFC_2831_EXAMPLES) {
    const challenge = parseDigestChallenge(example.challenge);
    const answer = digestMd5Answer(challenge, {
      user: 'chris',
      password: 'secret',
      digestUri: example.digestUri,
      cnonce: example.cnonce,
    });
    const fields = new Map(parseDirectives(answer.response));
    assert.equal(fields.get('response'), example.response);
    assert.equal(fields.get('username'), 'chris');
    assert.equal(fields.get('realm'), 'elwood.innosoft.com');
    assert.equal(fields.get('nc'), '00000001');
    assert.equal(fields.get('qop'), 'auth');
    assert.equal(fields.get('charset'), 'utf-8');
    assert.equal(fields.get('digest-uri'), example.digestUri);
    assert.equal(answer.expectedRspauth, example.rspauth);
    checkRspauth(`rspauth=${example.rspauth}`, answer.expectedRspauth);
    assert.throws(
      () => checkRspauth('rspauth=00000000000000000000000000000000', answer.expectedRspauth),
      /does not know the password/,
    );
  }
});

test('DIGEST-MD5 challenges: quoted escapes, several realms, and what cannot be answered', () => {
  assert.deepEqual(parseDirectives('a="x\\"y",b=2, c="p,q"'), [
    ['a', 'x"y'],
    ['b', '2'],
    ['c', 'p,q'],
  ]);
  const two = parseDigestChallenge('realm="r1",realm="r2",nonce="n",algorithm=md5-sess');
  assert.deepEqual(two.realms, ['r1', 'r2']);
  assert.equal(two.charsetUtf8, false);
  assert.throws(() => parseDigestChallenge('realm="r",algorithm=md5-sess'), DigestMd5Error);
  assert.throws(() => parseDigestChallenge('nonce="n",algorithm=md5'), /not md5-sess/);
  assert.throws(
    () => parseDigestChallenge('nonce="n",qop="auth-conf",algorithm=md5-sess'),
    /qop=auth/,
  );
  assert.throws(() => parseDirectives('a="open'), /unterminated/);
});
