// Lists existing entries under a base (DNs, and chosen attribute values), so runs against external
// servers can pick real entries for [entry:ATTR] tokens.
import type { ServerLimit } from '../../shared/serverLimits.ts';
import { dnKey } from '../ldif/dn.ts';
import type { LdapConnectionParams } from './connection.ts';
import { closeQuietly, openBoundClient } from './connection.ts';
import { ownSearch } from './ownSearch.ts';

/** Sampled entries: `columns[name][i]` is the first value of `name` of entry `dns[i]`. */
export interface SampledEntries {
  dns: string[];
  columns: Record<string, string[]>;
  /** The server limit that ended the sample before `limit` entries or the end (null: none did). */
  limitedBy: ServerLimit | null;
}

/** DNs of up to `limit` entries below `baseDn` (subtree, paged, no attributes), excluding baseDn itself. */
export async function collectEntryDns(
  params: LdapConnectionParams,
  baseDn: string,
  limit: number,
): Promise<string[]> {
  return (await collectEntries(params, baseDn, limit, [])).dns;
}

/**
 * Up to `limit` entries below `baseDn` that have every one of `attributes`, with the first value of
 * each; paged where the server offers it, and what a server limit let through when one stops it.
 */
export async function collectEntries(
  params: LdapConnectionParams,
  baseDn: string,
  limit: number,
  attributes: readonly string[],
): Promise<SampledEntries> {
  const dns: string[] = [];
  const columns: Record<string, string[]> = Object.fromEntries(attributes.map((a) => [a, []]));
  if (limit <= 0) return { dns, columns, limitedBy: null };
  const client = await openBoundClient(params);
  try {
    const base = dnKey(baseDn);
    const found = await ownSearch(client, baseDn, {
      scope: 'sub',
      // Only entries holding every attribute the workload reads: an empty value would make a bad request.
      filter:
        attributes.length === 0
          ? '(objectClass=*)'
          : `(&${attributes.map((a) => `(${a}=*)`).join('')})`,
      // '1.1' asks for no attributes: only the DNs travel.
      attributes: attributes.length === 0 ? ['1.1'] : [...attributes],
      // The base entry itself comes too, and is left out below.
      maxEntries: limit + 1,
    });
    for (const entry of found.entries) {
      if (dnKey(entry.dn) === base) continue;
      dns.push(entry.dn);
      for (const name of attributes) columns[name]?.push(firstValue(valueOf(entry, name)));
      if (dns.length >= limit) break;
    }
    return { dns, columns, limitedBy: dns.length >= limit ? null : found.limit };
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
