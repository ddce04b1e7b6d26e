// 389 DS operation counters: cn=snmp,cn=monitor counts requests by kind since the server started.
import type { Client } from 'ldapts';

/** Counter attributes of cn=snmp,cn=monitor summed into each operation kind. */
export const DS389_OPERATION_COUNTERS: Readonly<Record<string, readonly string[]>> = {
  // A bind is counted once, by how it authenticated (a failed simple bind counts as a security error).
  bind: [
    'anonymousBinds',
    'unAuthBinds',
    'simpleAuthBinds',
    'strongAuthBinds',
    'bindSecurityErrors',
  ],
  // Every search, whatever its scope (oneLevelSearchOps and wholeSubtreeSearchOps are subsets).
  search: ['searchOps'],
  compare: ['compareOps'],
  add: ['addEntryOps'],
  delete: ['removeEntryOps'],
  modify: ['modifyEntryOps'],
  modrdn: ['modifyRdnOps'],
};

/** Completed operations by kind (bind, search, compare, add, delete, modify, modrdn). */
export async function ds389OperationCounts(client: Client): Promise<Record<string, number>> {
  const attributes = Object.values(DS389_OPERATION_COUNTERS).flat();
  const { searchEntries } = await client.search('cn=snmp,cn=monitor', {
    scope: 'base',
    filter: '(objectClass=*)',
    attributes,
    timeLimit: 0,
  });
  const entry = searchEntries[0];
  if (entry === undefined) return {};
  // ldapts keys attributes the way the server spells them; compare names case-insensitively.
  const byName = new Map(Object.entries(entry).map(([k, v]) => [k.toLowerCase(), v]));
  const counts: Record<string, number> = {};
  for (const [kind, names] of Object.entries(DS389_OPERATION_COUNTERS)) {
    let total = 0;
    let seen = false;
    for (const name of names) {
      const value = Number(byName.get(name.toLowerCase()));
      if (Number.isFinite(value)) {
        total += value;
        seen = true;
      }
    }
    if (seen) counts[kind] = total;
  }
  return counts;
}
