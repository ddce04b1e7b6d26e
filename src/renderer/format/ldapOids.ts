// Friendly names for the controls and extended operations a root DSE advertises.

/** Common LDAP control and extension OIDs with the names administrators know them by. */
export const LDAP_OID_NAMES: Readonly<Record<string, string>> = {
  '1.2.840.113556.1.4.319': 'Paged results',
  '1.2.840.113556.1.4.473': 'Server-side sort',
  '1.2.840.113556.1.4.474': 'Server-side sort response',
  '1.2.840.113556.1.4.417': 'Show deleted',
  '1.2.840.113556.1.4.528': 'Change notification',
  '1.2.840.113556.1.4.801': 'Security descriptor flags',
  '1.2.840.113556.1.4.805': 'Tree delete',
  '1.2.840.113556.1.4.841': 'DirSync',
  '1.2.840.113556.1.4.1339': 'Domain scope',
  '1.2.840.113556.1.4.1340': 'Search options',
  '1.2.840.113556.1.4.1413': 'Permissive modify',
  '1.2.826.0.1.3344810.2.3': 'Matched values',
  '2.16.840.1.113730.3.4.2': 'ManageDsaIT',
  '2.16.840.1.113730.3.4.3': 'Persistent search',
  '2.16.840.1.113730.3.4.9': 'Virtual list view',
  '2.16.840.1.113730.3.4.10': 'Virtual list view response',
  '2.16.840.1.113730.3.4.18': 'Proxied authorization v2',
  '1.3.6.1.1.12': 'Assertion',
  '1.3.6.1.1.13.1': 'Pre-read',
  '1.3.6.1.1.13.2': 'Post-read',
  '1.3.6.1.1.21.2': 'Transaction specification',
  '1.3.6.1.1.22': "Don't use copy",
  '1.3.6.1.4.1.42.2.27.8.5.1': 'Password policy',
  '1.3.6.1.4.1.4203.1.9.1.1': 'Content synchronization (syncrepl)',
  '1.3.6.1.4.1.4203.1.10.1': 'Subentries',
  '1.3.6.1.4.1.4203.666.5.12': 'Relax rules',
  '1.3.6.1.4.1.1466.20037': 'StartTLS',
  '1.3.6.1.4.1.4203.1.11.1': 'Password modify',
  '1.3.6.1.4.1.4203.1.11.3': 'Who am I?',
  '1.3.6.1.1.8': 'Cancel',
  '1.3.6.1.1.21.1': 'Start transaction',
  '1.3.6.1.1.21.3': 'End transaction',
};

/** The friendly name of an OID, or null when it is not a common one. */
export function oidName(oid: string): string | null {
  return LDAP_OID_NAMES[oid] ?? null;
}
