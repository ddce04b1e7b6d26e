// OpenLDAP's cn=monitor operation counters: monitorOpCompleted under cn=Operations,cn=Monitor.
import type { Client } from 'ldapts';

/** Completed operations by kind (lower-case: bind, search, add, delete, modify, modrdn, compare, ...). */
export async function openLdapOperationCounts(client: Client): Promise<Record<string, number>> {
  const { searchEntries } = await client.search('cn=Operations,cn=Monitor', {
    scope: 'one',
    filter: '(objectClass=*)',
    attributes: ['monitorOpCompleted'],
    timeLimit: 0,
  });
  const counts: Record<string, number> = {};
  for (const entry of searchEntries) {
    const kind = /^cn=([^,]+),/i.exec(entry.dn)?.[1]?.toLowerCase();
    const value = Number(entry['monitorOpCompleted']);
    if (kind !== undefined && Number.isFinite(value)) counts[kind] = value;
  }
  return counts;
}
