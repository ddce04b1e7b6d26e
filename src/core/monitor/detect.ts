// Tells which directory server a target is from its root DSE (by the signs in each lab kind's row),
// to know where its monitor is (if any).
import { LAB_KIND_LIST, LAB_KINDS } from '../../shared/labKinds.ts';
import type { LabKind } from '../../shared/labKinds.ts';
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

/** What a root DSE shows, as the kinds' signs are matched against it. */
interface RootDseView {
  /** vendorName and vendorVersion, joined. */
  vendor: string;
  /** objectClass values, lower-case. */
  classes: string[];
  monitorContext: string | null;
  /** It lists Active Directory's capability OID. */
  activeDirectory: boolean;
}

/** True when `kind`'s row recognises the server `seen` shows. */
function recognises(kind: LabKind, seen: RootDseView): boolean {
  const row = LAB_KINDS[kind];
  const signs = row.rootDse ?? {};
  // An AD capability splits servers in two: only AD implementations are told among its holders.
  if ((signs.activeDirectory ?? false) !== seen.activeDirectory) return false;
  return (
    [row.family, ...(row.relatives ?? [])].some((family) => family.pattern.test(seen.vendor)) ||
    (signs.objectClass !== undefined && seen.classes.includes(signs.objectClass)) ||
    (signs.monitorContext === true && seen.monitorContext !== null)
  );
}

/** The server kind from a root DSE entry (as ldapts returns it): the first lab kind whose row recognises it. */
export function detectServer(rootDse: Record<string, unknown>): DetectedServer {
  const seen: RootDseView = {
    vendor: [...values(rootDse, 'vendorName'), ...values(rootDse, 'vendorVersion')].join(' '),
    classes: values(rootDse, 'objectClass').map((c) => c.toLowerCase()),
    monitorContext: values(rootDse, 'monitorContext')[0] ?? null,
    activeDirectory: values(rootDse, 'supportedCapabilities').includes(AD_CAPABILITY),
  };
  const found = (kind: MonitoredServerKind, name: string): DetectedServer => ({
    kind,
    name,
    monitorContext: seen.monitorContext,
  });
  const kind = LAB_KIND_LIST.find((k) => recognises(k, seen));
  if (kind !== undefined) return found(kind, LAB_KINDS[kind].title);
  if (seen.activeDirectory) return found('active-directory', 'Active Directory');
  return found(
    'unknown',
    seen.vendor === '' ? 'a server whose root DSE names no vendor' : `a server of ${seen.vendor}`,
  );
}
