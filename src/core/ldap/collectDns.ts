// Lists DNs of existing entries under a base, so runs against external servers can pick real entries.
import type { LdapConnectionParams } from './connection.ts';
import { closeQuietly, openBoundClient } from './connection.ts';

const PAGE_SIZE = 1000;

/** DNs of up to `limit` entries below `baseDn` (subtree, paged, no attributes), excluding baseDn itself. */
export async function collectEntryDns(
  params: LdapConnectionParams,
  baseDn: string,
  limit: number,
): Promise<string[]> {
  const dns: string[] = [];
  if (limit <= 0) return dns;
  const client = await openBoundClient(params);
  try {
    const base = normalizeDn(baseDn);
    const pages = client.searchPaginated(baseDn, {
      scope: 'sub',
      filter: '(objectClass=*)',
      // '1.1' asks for no attributes: only the DNs travel.
      attributes: ['1.1'],
      paged: { pageSize: PAGE_SIZE },
      // The default client time limit (10 s) is too short for a large subtree.
      timeLimit: 0,
    });
    for await (const page of pages) {
      for (const entry of page.searchEntries) {
        if (normalizeDn(entry.dn) === base) continue;
        dns.push(entry.dn);
        if (dns.length >= limit) break;
      }
      // Leaving the loop early stops asking for pages; the rest of the result is never fetched.
      if (dns.length >= limit) break;
    }
    return dns;
  } finally {
    await closeQuietly(client, 1000);
  }
}

/** A DN in a form good enough to compare with the base: lower case, no spaces around separators. */
function normalizeDn(dn: string): string {
  return dn.replace(/\s*([,=+])\s*/g, '$1').toLowerCase();
}
