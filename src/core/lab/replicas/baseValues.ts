// Reads one attribute of one entry as the lab's root: what replicas compare their state by.
import { Client } from 'ldapts';

/** The values of `attribute` in the entry `dn` on `url` (none when the entry lacks it; `''` is the root DSE). */
export async function baseValues(
  url: string,
  bindDn: string,
  password: string,
  dn: string,
  attribute: string,
): Promise<string[]> {
  const client = new Client({ url, timeout: 10_000, connectTimeout: 5_000 });
  try {
    await client.bind(bindDn, password);
    const { searchEntries } = await client.search(dn, {
      scope: 'base',
      filter: '(objectClass=*)',
      attributes: [attribute],
    });
    return [searchEntries[0]?.[attribute] ?? []].flat().map(String);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
