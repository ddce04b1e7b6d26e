// Counts the entries a lab server holds, to verify a load: one subtree search that counts, keeps nothing.
import { Client, PresenceFilter } from 'ldapts';
import { countingSearch } from '../ldap/countingSearch.ts';

/** Entries at and below `suffix`, read as the lab's root (no size or time limit applies). */
export async function countEntries(
  url: string,
  rootDn: string,
  rootPassword: string,
  suffix: string,
): Promise<number> {
  const client = new Client({ url, timeout: 0, connectTimeout: 10_000 });
  try {
    await client.bind(rootDn, rootPassword);
    const result = await countingSearch(client, {
      baseDn: suffix,
      scope: 'sub',
      filter: new PresenceFilter({ attribute: 'objectClass' }),
      attributes: ['1.1'],
      sizeLimit: 0,
      timeLimitS: 0,
      typesOnly: false,
      derefAliases: 'never',
      pageSize: 0,
      sortKeys: [],
    });
    return result.entries;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
