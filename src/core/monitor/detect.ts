// Tells which directory server a target is from its root DSE, to know where its monitor is (if any).
import type { MonitoredServerKind } from '../../shared/monitorTypes.ts';

/** Root DSE attributes the detection looks at (all values as strings, names matched case-insensitively). */
export const DETECT_ATTRIBUTES = [
  'objectClass',
  'vendorName',
  'vendorVersion',
  'monitorContext',
  'supportedCapabilities',
  'namingContexts',
  '+',
];

/** Active Directory's LDAP_CAP_ACTIVE_DIRECTORY_OID, in supportedCapabilities of AD and Samba AD. */
const AD_CAPABILITY = '1.2.840.113556.1.4.800';

/** What the root DSE says about the server. */
export interface DetectedServer {
  kind: MonitoredServerKind;
  /** The server in words for notes, e.g. "OpenLDAP" or "an unknown server (vendorName Foo)". */
  name: string;
  /** OpenLDAP: the root DSE names a monitor context (a monitor database is configured). */
  monitorContext: string | null;
}

/** A root DSE attribute's values, the name matched case-insensitively. */
function values(rootDse: Record<string, unknown>, name: string): string[] {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(rootDse)) {
    if (key.toLowerCase() !== wanted) continue;
    const list = Array.isArray(value) ? value : [value];
    return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
  }
  return [];
}

/** The server kind from a root DSE entry (as ldapts returns it). */
export function detectServer(rootDse: Record<string, unknown>): DetectedServer {
  const vendor = [...values(rootDse, 'vendorName'), ...values(rootDse, 'vendorVersion')].join(' ');
  const monitorContext = values(rootDse, 'monitorContext')[0] ?? null;
  const found = (kind: MonitoredServerKind, name: string): DetectedServer => ({
    kind,
    name,
    monitorContext,
  });
  if (values(rootDse, 'supportedCapabilities').includes(AD_CAPABILITY)) {
    return /samba/i.test(vendor)
      ? found('samba-ad', 'Samba AD')
      : found('active-directory', 'Active Directory');
  }
  const classes = values(rootDse, 'objectClass').map((c) => c.toLowerCase());
  if (classes.includes('openldaprootdse') || /openldap/i.test(vendor) || monitorContext !== null)
    return found('openldap', 'OpenLDAP');
  if (/389|red hat.?directory|fedora.?directory/i.test(vendor))
    return found('389ds', '389 Directory Server');
  if (/opendj|forgerock|wren|open identity platform/i.test(vendor))
    return found('opendj', 'OpenDJ');
  if (/apache/i.test(vendor)) return found('apacheds', 'ApacheDS');
  return found(
    'unknown',
    vendor === '' ? 'a server whose root DSE names no vendor' : `a server of ${vendor}`,
  );
}
