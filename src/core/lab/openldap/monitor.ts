// OpenLDAP's cn=monitor: operation counters (monitorOpCompleted under cn=Operations,cn=Monitor),
// current connections and open threads.
import type { Client } from 'ldapts';
import type { ServerMonitorReading } from '../../../shared/monitorTypes.ts';
import { numberIn, searchMonitor, withLimit, withoutUnknown } from '../../monitor/monitorSearch.ts';

/** Completed operations by kind (lower-case: bind, search, add, delete, modify, modrdn, compare, ...). */
export async function openLdapOperationCounts(client: Client): Promise<Record<string, number>> {
  const { entries } = await searchMonitor(
    client,
    'cn=Operations,cn=Monitor',
    '(objectClass=*)',
    ['monitorOpCompleted'],
    'one',
  );
  const counts: Record<string, number> = {};
  for (const entry of entries) {
    const kind = /^cn=([^,]+),/i.exec(entry.dn)?.[1]?.toLowerCase();
    const value = Number(entry['monitorOpCompleted']);
    if (kind !== undefined && Number.isFinite(value)) counts[kind] = value;
  }
  return counts;
}

/** The one search of a full reading: operations, current connections and open threads. */
const READING_FILTER =
  '(|(objectClass=monitorOperation)(&(objectClass=monitorCounterObject)(cn=Current))(&(objectClass=monitoredObject)(cn=Open)))';

/** Operation counts, current connections and open worker threads, in one search of cn=Monitor. */
export async function openLdapReading(client: Client): Promise<ServerMonitorReading> {
  const found = await searchMonitor(client, 'cn=Monitor', READING_FILTER, [
    'monitorOpCompleted',
    'monitorCounter',
    'monitoredInfo',
  ]);
  const reading: ServerMonitorReading = { operations: {} };
  for (const entry of found.entries) {
    const dn = entry.dn.toLowerCase();
    const kind = /^cn=([^,]+),cn=operations,cn=monitor$/.exec(dn)?.[1];
    const completed = numberIn(entry, 'monitorOpCompleted');
    if (kind !== undefined && completed !== undefined) reading.operations[kind] = completed;
    // The reading's own connection is one of the current ones.
    if (dn === 'cn=current,cn=connections,cn=monitor')
      reading.connections = numberIn(entry, 'monitorCounter');
    if (dn === 'cn=open,cn=threads,cn=monitor') reading.threads = numberIn(entry, 'monitoredInfo');
  }
  return withLimit(withoutUnknown(reading), found);
}
