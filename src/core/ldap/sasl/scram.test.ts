// SCRAM-SHA-1 and SCRAM-SHA-256 against the example exchanges of RFC 5802 section 5 and RFC 7677
// section 3 (user "user", password "pencil"), and the server messages the client refuses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkServerFinal, saslPrep, scramClientFinal, scramClientFirst } from './scram.ts';
import type { ScramMechanism } from './scram.ts';

const EXAMPLES: {
  mechanism: ScramMechanism;
  clientNonce: string;
  serverFirst: string;
  clientFinal: string;
  serverFinal: string;
}[] = [
  {
    mechanism: 'SCRAM-SHA-1',
    clientNonce: 'fyko+d2lbbFgONRv9qkxdawL',
    serverFirst: 'r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,s=QSXCR+Q6sek8bf92,i=4096',
    clientFinal:
      'c=biws,r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,p=v0X8v3Bz2T0CJGbJQyF0X+HI4Ts=',
    serverFinal: 'v=rmF9pqV8S7suAoZWja4dJRkFsKQ=',
  },
  {
    mechanism: 'SCRAM-SHA-256',
    clientNonce: 'rOprNGfwEbeRWgbNEkqO',
    serverFirst:
      'r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096',
    clientFinal:
      'c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=',
    serverFinal: 'v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=',
  },
];

for (const example of EXAMPLES) {
  test(`${example.mechanism} answers its RFC's example exchange as the RFC does, and checks the server's signature`, async () => {
    const first = scramClientFirst('user', example.clientNonce);
    assert.equal(first.message, `n,,n=user,r=${example.clientNonce}`);
    const final = await scramClientFinal(example.mechanism, first, example.serverFirst, 'pencil');
    assert.equal(final.message, example.clientFinal);
    checkServerFinal(example.mechanism, example.serverFinal, final.expectedServerSignature);
    const other = await scramClientFinal(example.mechanism, first, example.serverFirst, 'pencils');
    assert.throws(
      () => checkServerFinal(example.mechanism, example.serverFinal, other.expectedServerSignature),
      /signature is wrong: it does not know the password/,
    );
  });
}

test('SCRAM refuses server messages it cannot use, and escapes and prepares names', async () => {
  const first = scramClientFirst('a=b,c', 'abc');
  assert.equal(first.bare, 'n=a=3Db=2Cc,r=abc');
  assert.equal(saslPrep('I\u00adX\u00a0\uff21'), 'IX A');
  const answer = (serverFirst: string): Promise<unknown> =>
    scramClientFinal('SCRAM-SHA-256', first, serverFirst, 'pw');
  await assert.rejects(answer('r=xyz123,s=QSXC,i=4096'), /nonce does not extend the client's/);
  await assert.rejects(answer('r=abc,s=QSXC,i=4096'), /nonce does not extend/);
  await assert.rejects(answer('r=abcd,s=QSXC,i=0'), /iteration count "0"/);
  await assert.rejects(answer('r=abcd,i=10'), /no salt/);
  await assert.rejects(answer('m=ext,r=abcd,s=QSXC,i=10'), /extension/);
  await assert.rejects(answer('garbage'), /malformed attribute "garbage"/);
  assert.throws(
    () => checkServerFinal('SCRAM-SHA-1', 'e=invalid-proof', 'x'),
    /refused: invalid-proof/,
  );
  assert.throws(() => checkServerFinal('SCRAM-SHA-1', '', 'x'), /without its signature/);
});
