import assert from 'node:assert/strict';
import { test } from 'node:test';
import { releaseOf, serverFullName, serverShortName } from './serverNames.ts';
import type { ServerIdentity } from './serverNames.ts';

function server(
  serverVendor: string | null,
  serverVersion: string | null,
  labKind: ServerIdentity['labKind'] = null,
  targetName = 'ldap.example.com',
): ServerIdentity {
  return { serverVendor, serverVersion, labKind, targetName };
}

test('the lab servers get the names people use, from what their root DSE and lab say', () => {
  // As stored by runs on this machine's labs (lab start openldap|389ds|opendj).
  const cases: [ServerIdentity, string, string][] = [
    [
      server('OpenLDAP', 'OpenLDAP 2.5.13+dfsg-5', 'openldap'),
      'OpenLDAP 2.5.13',
      'OpenLDAP 2.5.13+dfsg-5',
    ],
    [
      server('389 Project', '389-Directory/2.3.1 B2025.016.1616', '389ds'),
      '389 DS 2.3.1',
      '389 Project 389-Directory/2.3.1 B2025.016.1616',
    ],
    [
      server('Open Identity Platform Community', 'OpenDJ Server 4.9.4', 'opendj'),
      'OpenDJ 4.9.4',
      'Open Identity Platform Community OpenDJ Server 4.9.4',
    ],
    [server(null, 'ApacheDS 2.0.0.AM27', 'apacheds'), 'ApacheDS 2.0.0.AM27', 'ApacheDS 2.0.0.AM27'],
    [
      server('Samba Team (https://www.samba.org)', '4.17.12-Debian', 'samba-ad'),
      'Samba AD 4.17.12',
      'Samba Team (https://www.samba.org) 4.17.12-Debian',
    ],
    [server(null, 'Samba 4.19.5-Ubuntu', 'samba-ad'), 'Samba AD 4.19.5', 'Samba 4.19.5-Ubuntu'],
    [
      server('Microsoft Corporation', 'Active Directory 10.0.20348'),
      'Active Directory 10.0.20348',
      'Microsoft Corporation Active Directory 10.0.20348',
    ],
  ];
  for (const [identity, short, full] of cases) {
    assert.equal(serverShortName(identity), short);
    assert.equal(serverFullName(identity), full);
  }
});

test('without a vendor or version: the lab kind, else the target name', () => {
  assert.equal(serverShortName(server(null, null, 'opendj')), 'OpenDJ');
  assert.equal(serverShortName(server(null, null, '389ds')), '389 DS');
  assert.equal(serverShortName(server(null, null)), 'ldap.example.com');
  assert.equal(serverFullName(server(null, null)), 'ldap.example.com');
  // A version with no release number keeps the family alone.
  assert.equal(serverShortName(server('OpenLDAP', 'OpenLDAP')), 'OpenLDAP');
});

test('unknown vendors: the product words before the release, company words dropped, cut short', () => {
  assert.equal(
    serverShortName(server('Example Corp.', 'Example Directory Server 7.1.2 build 42')),
    'Example Directory 7.1.2',
  );
  assert.equal(serverShortName(server('Acme Widgets Inc.', '12.2.1')), 'Acme Widgets 12.2.1');
  const long = serverShortName(
    server('The Very Long Directory Software Company of Somewhere Ltd', null),
  );
  assert.ok(long.length <= 25 && long.endsWith('…'), long);
  assert.equal(serverShortName(server('DirBench responder', '1.4.0')), 'DirBench responder 1.4.0');
});

test('release numbers: the first dotted number standing alone, with distribution suffixes dropped', () => {
  assert.equal(releaseOf('389-Directory/2.3.1 B2025.016.1616'), '2.3.1');
  assert.equal(releaseOf('OpenLDAP 2.5.13+dfsg-5'), '2.5.13');
  assert.equal(releaseOf('ApacheDS 2.0.0.AM27'), '2.0.0.AM27');
  assert.equal(releaseOf('OpenDJ Server'), null);
});
