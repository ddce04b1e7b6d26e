// Counts the entries a lab server holds, to verify a load: one subtree search that counts, keeps nothing.
import { Client } from 'ldapts';
import { SERVER_LIMIT_NAMES } from '../../shared/serverLimits.ts';
import { ownCount } from '../ldap/ownSearch.ts';

/** Entries at and below `suffix`, read as the lab's root, paged where the server offers it. */
export async function countEntries(
  url: string,
  rootDn: string,
  rootPassword: string,
  suffix: string,
): Promise<number> {
  const client = new Client({ url, timeout: 0, connectTimeout: 10_000 });
  try {
    await client.bind(rootDn, rootPassword);
    const counted = await ownCount(client, suffix, '(objectClass=*)');
    // A count a limit stopped is no count: a lab whose root has limits is misconfigured.
    if (counted.limit !== null)
      throw new Error(
        `counting the entries under ${suffix} stopped at ${counted.entries.toLocaleString('en')}: the server's ${SERVER_LIMIT_NAMES[counted.limit]} applies to ${rootDn}; lift it for the lab's root`,
      );
    return counted.entries;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
