// Lists existing entries under a base (DNs, and chosen attribute values), so runs against external
// servers can pick real entries for [entry:ATTR] tokens.
import { dnKey } from '../ldif/dn.ts';
import type { LdapConnectionParams } from './connection.ts';
import { closeQuietly, openBoundClient } from './connection.ts';

const PAGE_SIZE = 1000;

/** Sampled entries: `columns[name][i]` is the first value of `name` of entry `dns[i]`. */
export interface SampledEntries {
  dns: string[];
  columns: Record<string, string[]>;
}

/** DNs of up to `limit` entries below `baseDn` (subtree, paged, no attributes), excluding baseDn itself. */
export async function collectEntryDns(
  params: LdapConnectionParams,
  baseDn: string,
  limit: number,
): Promise<string[]> {
  return (await collectEntries(params, baseDn, limit, [])).dns;
}

/** Up to `limit` entries below `baseDn` that have every one of `attributes`, with the first value of each. */
export async function collectEntries(
  params: LdapConnectionParams,
  baseDn: string,
  limit: number,
  attributes: readonly string[],
): Promise<SampledEntries> {
  const dns: string[] = [];
  const columns: Record<string, string[]> = Object.fromEntries(attributes.map((a) => [a, []]));
  if (limit <= 0) return { dns, columns };
  const client = await openBoundClient(params);
  try {
    const base = dnKey(baseDn);
    // Only entries holding every attribute the workload reads: an empty value would make a bad request.
    const filter =
      attributes.length === 0
        ? '(objectClass=*)'
        : `(&${attributes.map((a) => `(${a}=*)`).join('')})`;
    const pages = client.searchPaginated(baseDn, {
      scope: 'sub',
      filter,
      // '1.1' asks for no attributes: only the DNs travel.
      attributes: attributes.length === 0 ? ['1.1'] : [...attributes],
      paged: { pageSize: PAGE_SIZE },
      // The default client time limit (10 s) is too short for a large subtree.
      timeLimit: 0,
    });
    for await (const page of pages) {
      for (const entry of page.searchEntries) {
        if (dnKey(entry.dn) === base) continue;
        dns.push(entry.dn);
        for (const name of attributes) columns[name]?.push(firstValue(valueOf(entry, name)));
        if (dns.length >= limit) break;
      }
      // Leaving the loop early stops asking for pages; the rest of the result is never fetched.
      if (dns.length >= limit) break;
    }
    return { dns, columns };
  } finally {
    await closeQuietly(client, 1000);
  }
}

/** An entry's attribute by name, whatever case the server spelled it in. */
function valueOf(entry: Record<string, unknown>, name: string): unknown {
  if (name in entry) return entry[name];
  const lower = name.toLowerCase();
  const key = Object.keys(entry).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : entry[key];
}

/** The first value of an attribute as text (binary values as UTF-8). */
function firstValue(value: unknown): string {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (Buffer.isBuffer(first)) return first.toString('utf8');
  return typeof first === 'string' ? first : '';
}
