// Operation counts from OpenDJ's cn=monitor, for cross-checking what clients say they did.
//
// OpenDJ keeps them per connection handler, in
//   cn=LDAP Connection Handler <host> port <port> Statistics,cn=monitor
// (objectClass ds-connectionhandler-statistics-monitor-entry; the administration connector has its
// own entry, left out here): `ds-mon-<op>-operations-total-count` counts completed operations and
// `ds-mon-resident-time-<op>-operations-total-time` their summed time in the server (ms), for op in
// add, bind, unbind, compare, delete, mod, moddn, search, abandon, extended. Beside them are the
// protocol counters <op>Requests / <op>Responses, searchResultEntries, searchSubRequests,
// searchOneRequests, operationsInitiated / operationsCompleted, bytesRead / bytesWritten and
// connectionsEstablished / connectionsClosed. cn=monitor itself has currentConnections and
// cn=System Information,cn=monitor the JVM's usedMemory (bytes). The search reading the monitor is initiated but not
// yet completed, so it is not in the completed counts it returns.
import type { Client } from 'ldapts';
import type { ServerMonitorReading } from '../../../shared/monitorTypes.ts';
import { numberIn, searchMonitor, withLimit, withoutUnknown } from '../../monitor/monitorSearch.ts';

/** OpenDJ's operation names in ds-mon-* attributes, mapped to the kinds the OpenLDAP lab reports. */
const KINDS: Readonly<Record<string, string>> = {
  add: 'add',
  bind: 'bind',
  unbind: 'unbind',
  compare: 'compare',
  delete: 'delete',
  mod: 'modify',
  moddn: 'modrdn',
  search: 'search',
  abandon: 'abandon',
  extended: 'extended',
};

/** Sums the completed-operation counts of the LDAP connection handlers' statistics entries. */
export function countsFromStatistics(
  entries: readonly Record<string, unknown>[],
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of entries) {
    const dn = String(entry['dn'] ?? '');
    if (!/^cn=LDAPS? Connection Handler .* Statistics,/i.test(dn)) continue;
    for (const [opendj, kind] of Object.entries(KINDS)) {
      const value = Number(entry[`ds-mon-${opendj}-operations-total-count`]);
      if (Number.isFinite(value)) counts[kind] = (counts[kind] ?? 0) + value;
    }
  }
  return counts;
}

/** Operations the server completed since it started, by kind (bind, search, modify, ...). */
export async function openDjOperationCounts(client: Client): Promise<Record<string, number>> {
  const { entries } = await searchMonitor(
    client,
    'cn=monitor',
    '(objectClass=ds-connectionhandler-statistics-monitor-entry)',
    ['*'],
    'one',
  );
  return countsFromStatistics(entries);
}

/** The statistics entries, cn=monitor and cn=System Information, in one search. */
const READING_FILTER =
  '(|(objectClass=ds-connectionhandler-statistics-monitor-entry)(cn=monitor)(cn=System Information))';

/** Operation counts, current connections and the JVM's used memory, in one search. */
export async function openDjReading(client: Client): Promise<ServerMonitorReading> {
  const found = await searchMonitor(client, 'cn=monitor', READING_FILTER, ['*']);
  const reading: ServerMonitorReading = { operations: countsFromStatistics(found.entries) };
  for (const entry of found.entries) {
    reading.connections ??= numberIn(entry, 'currentConnections');
    const usedBytes = numberIn(entry, 'usedMemory');
    if (usedBytes !== undefined) reading.memoryMb = Math.round(usedBytes / 1048576);
  }
  return withLimit(withoutUnknown(reading), found);
}
