// The one subtree search a monitor reading takes, and the numbers read from its entries.
import type { Client, Entry } from 'ldapts';
import type { ServerMonitorReading } from '../../shared/monitorTypes.ts';
import { ownSearch } from '../ldap/ownSearch.ts';
import type { OwnSearchResult } from '../ldap/ownSearch.ts';

/** The entries under `base` (`scope`) matching `filter`, with `attributes`; what a server limit let through. */
export function searchMonitor(
  client: Client,
  base: string,
  filter: string,
  attributes: string[],
  scope: 'one' | 'sub' = 'sub',
): Promise<OwnSearchResult> {
  // A few entries: paging would bring nothing, and the root DSE read it needs is a search the
  // server counts, which the cross-check of its counts with the client's would have to know about.
  return ownSearch(client, base, { scope, filter, attributes, paged: false });
}

/** A reading that says which server limit cut its search short, if one did. */
export function withLimit(
  reading: ServerMonitorReading,
  found: OwnSearchResult,
): ServerMonitorReading {
  return found.limit === null ? reading : { ...reading, cutShortBy: found.limit };
}

/** An attribute's value as a finite number, the name matched case-insensitively; undefined otherwise. */
export function numberIn(entry: Entry, name: string): number | undefined {
  const wanted = name.toLowerCase();
  const key = Object.keys(entry).find((k) => k.toLowerCase() === wanted);
  const value = key === undefined ? NaN : Number(entry[key]);
  return Number.isFinite(value) ? value : undefined;
}

/** The reading without the figures the server did not give (no `undefined` stored). */
export function withoutUnknown<T extends object>(reading: T): T {
  return Object.fromEntries(
    Object.entries(reading).filter(([, value]) => value !== undefined),
  ) as T;
}
