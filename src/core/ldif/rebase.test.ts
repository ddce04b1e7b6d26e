import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rebaseDn } from './rebase.ts';

const toDomain = { from: 'c=gb', to: 'c=gb,DC=dirbench,DC=test' };

test('rebaseDn moves DNs under the old suffix, in any spelling, and the suffix itself', () => {
  const cases: [string, string][] = [
    ['c=gb', 'c=gb,DC=dirbench,DC=test'],
    ['C=GB', 'c=gb,DC=dirbench,DC=test'],
    ['o=Salford,c=gb', 'o=Salford,c=gb,DC=dirbench,DC=test'],
    [
      'cn=A B 1,ou=Unit 3, o=Salford, C=gb',
      'cn=A B 1,ou=Unit 3, o=Salford,c=gb,DC=dirbench,DC=test',
    ],
    [
      'uid=[unique],ou=People,o=Salford,c=gb',
      'uid=[unique],ou=People,o=Salford,c=gb,DC=dirbench,DC=test',
    ],
  ];
  for (const [dn, moved] of cases) assert.equal(rebaseDn(dn, toDomain), moved, dn);
});

test('rebaseDn leaves DNs elsewhere alone, escaped commas and DNs moved already included', () => {
  for (const dn of [
    'o=Test,c=BA',
    'o=Salford,c=gb,DC=dirbench,DC=test',
    'cn=x\\,c=gb,o=Other',
    '[entry:dn]',
    '',
    'c=gbx',
    'cn=c=gb',
  ])
    assert.equal(rebaseDn(dn, toDomain), dn, dn);
});
