// 389 DS monitor: cn=snmp,cn=monitor counts requests by kind since the server started; cn=monitor
// itself has the current connections and threads.
import type { Client } from 'ldapts';
import type { ServerMonitorReading } from '../../../shared/monitorTypes.ts';
import { numberIn, searchMonitor, withLimit, withoutUnknown } from '../../monitor/monitorSearch.ts';

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
  return entry === undefined ? {} : countsOf(lowerCased(entry));
}

/** An entry's attributes keyed by lower-case name: ldapts keys them the way the server spells them. */
function lowerCased(entry: Record<string, unknown>): Map<string, unknown> {
  return new Map(Object.entries(entry).map(([k, v]) => [k.toLowerCase(), v]));
}

function countsOf(byName: Map<string, unknown>): Record<string, number> {
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

/** Operation counts (cn=snmp), current connections and threads (cn=monitor), in one search. */
export async function ds389Reading(client: Client): Promise<ServerMonitorReading> {
  const counters = Object.values(DS389_OPERATION_COUNTERS).flat();
  const found = await searchMonitor(client, 'cn=monitor', '(|(cn=monitor)(cn=snmp))', [
    ...counters,
    'currentConnections',
    'threads',
  ]);
  const reading: ServerMonitorReading = { operations: {} };
  for (const entry of found.entries) {
    if (/^cn=snmp,/i.test(entry.dn)) reading.operations = countsOf(lowerCased(entry));
    reading.connections ??= numberIn(entry, 'currentConnections');
    reading.threads ??= numberIn(entry, 'threads');
  }
  return withLimit(withoutUnknown(reading), found);
}
