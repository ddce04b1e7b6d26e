// Telling the server from its root DSE, as servers really answer (attribute case and value forms vary).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LAB_KIND_LIST, LAB_KINDS } from '../../shared/labKinds.ts';
import { detectServer } from './detect.ts';

/** Active Directory's capability OID, as AD and Samba AD list it in supportedCapabilities. */
const AD_OID = '1.2.840.113556.1.4.800';

test('each known server is told from what its root DSE says', () => {
  const kind = (rootDse: Record<string, unknown>): string => detectServer(rootDse).kind;
  // OpenLDAP names no vendor: its root DSE class and monitor context tell it.
  assert.equal(kind({ objectClass: ['top', 'OpenLDAProotDSE'] }), 'openldap');
  assert.equal(kind({ monitorContext: 'cn=Monitor' }), 'openldap');
  assert.equal(
    kind({ vendorName: '389 Project', vendorVersion: '389-Directory/2.3.4 B2023.123' }),
    '389ds',
  );
  assert.equal(
    kind({ vendorname: 'Red Hat, Inc.', vendorversion: 'Red Hat-Directory/11.5' }),
    '389ds',
  );
  assert.equal(kind({ vendorName: 'OpenDJ', vendorVersion: 'OpenDJ Server 4.9.4' }), 'opendj');
  assert.equal(kind({ vendorName: 'Apache Software Foundation' }), 'apacheds');
  // AD says so by capability; Samba AD names itself as vendor too.
  const ad = { supportedCapabilities: ['1.2.840.113556.1.4.800', '1.2.840.113556.1.4.1670'] };
  assert.equal(kind(ad), 'active-directory');
  assert.equal(kind({ ...ad, vendorName: 'Samba Team (https://www.samba.org)' }), 'samba-ad');
  assert.equal(kind({}), 'unknown');
});

test('the name of a server nobody knows quotes its vendor, and says when there is none', () => {
  assert.equal(detectServer({ vendorName: 'Example Corp' }).name, 'a server of Example Corp');
  assert.equal(detectServer({}).name, 'a server whose root DSE names no vendor');
  assert.equal(detectServer({ monitorContext: 'cn=Monitor' }).monitorContext, 'cn=Monitor');
  assert.equal(detectServer({ vendorName: '389 Project' }).monitorContext, null);
});

test("every lab kind is told from a root DSE naming its family, by its row's title", () => {
  for (const kind of LAB_KIND_LIST) {
    const row = LAB_KINDS[kind];
    const ad = row.rootDse?.activeDirectory ? { supportedCapabilities: [AD_OID] } : {};
    const detected = detectServer({ ...ad, vendorName: `${row.family.name} Project` });
    assert.deepEqual([detected.kind, detected.name], [kind, row.title]);
  }
});

test('an AD capability is told only among AD implementations, and a Samba without it is unknown', () => {
  const ad = { supportedCapabilities: [AD_OID] };
  assert.equal(detectServer({ ...ad, vendorName: 'OpenLDAP' }).kind, 'active-directory');
  assert.equal(detectServer({ ...ad, monitorContext: 'cn=Monitor' }).kind, 'active-directory');
  assert.equal(detectServer({ vendorName: 'Samba Team' }).kind, 'unknown');
  assert.equal(detectServer({ vendorName: 'ForgeRock AS.' }).kind, 'opendj');
  assert.equal(detectServer({ vendorVersion: 'Wren:DS 4.0' }).kind, 'opendj');
});
