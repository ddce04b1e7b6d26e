// The one subtree search a monitor reading takes, and the numbers read from its entries.
import type { Client, Entry } from 'ldapts';

/** The entries under `base` matching `filter`, with `attributes`, never cut short by a time limit. */
export async function searchMonitor(
  client: Client,
  base: string,
  filter: string,
  attributes: string[],
): Promise<Entry[]> {
  const { searchEntries } = await client.search(base, {
    scope: 'sub',
    filter,
    attributes,
    timeLimit: 0,
  });
  return searchEntries;
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
