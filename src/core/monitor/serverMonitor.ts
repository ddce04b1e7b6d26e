// A target's monitor, opened with the run's own bind: which server it is, whether the bind may read
// its monitor, and if not why, in one sentence for the run's notes.
import type { Client } from 'ldapts';
import { ResultCodeError } from 'ldapts';
import { isLabKind, LAB_KIND_LIST, LAB_KINDS } from '../../shared/labKinds.ts';
import type { LabKind } from '../../shared/labKinds.ts';
import type { MonitoredServerKind, ServerMonitorReading } from '../../shared/monitorTypes.ts';
import { closeQuietly, openBoundClient } from '../ldap/connection.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import { withDeadline } from '../ldap/deadline.ts';
import { describeLdapFailure } from '../ldap/failure.ts';
import { resultCodeName } from '../ldap/resultCodes.ts';
import { DETECT_ATTRIBUTES, detectServer } from './detect.ts';
import type { DetectedServer } from './detect.ts';

/** Reads a whole monitor reading with one search (each lab kind's folder has the reader of its server). */
export type MonitorReader = (client: Client) => Promise<ServerMonitorReading>;

/** The reader of each kind whose monitor DirBench reads (src/core/lab/drivers.ts lists them). */
export type MonitorReaders = Readonly<Partial<Record<LabKind, MonitorReader>>>;

/** Longest wait for one monitor search: a run never waits on a server's monitor for longer. */
const READ_DEADLINE_MS = 10_000;

/** `reader` on `client`, failed as a NoAnswerError when the server does not answer in time. */
function readBounded(reader: MonitorReader, client: Client): Promise<ServerMonitorReading> {
  return withDeadline(reader(client), READ_DEADLINE_MS, 'the cn=monitor search');
}

/** The readers there are, in the order an unknown server is tried (the lab kinds' order). */
function readersOf(readers: MonitorReaders): [LabKind, MonitorReader][] {
  return LAB_KIND_LIST.flatMap((kind) => {
    const reader = readers[kind];
    return reader === undefined ? [] : [[kind, reader]];
  });
}

/** Why a server known to expose no LDAP monitor is not read, and where its figures are instead. */
function noMonitorNote(kind: MonitoredServerKind): string | undefined {
  if (kind === 'active-directory')
    return 'Active Directory has no cn=monitor (its LDAP counters are Windows performance counters, NTDS object)';
  const monitor = isLabKind(kind) ? LAB_KINDS[kind].monitor : null;
  return monitor === null || monitor.read ? undefined : monitor.why;
}

/** "OpenLDAP's, 389 DS's, OpenDJ's": the monitor layouts `readers` know. */
function knownLayouts(readers: MonitorReaders): string {
  return readersOf(readers)
    .map(([kind]) => `${LAB_KINDS[kind].family.name}'s`)
    .join(', ');
}

/** An open connection to a server's monitor; each `read` is one search on it. */
export class ServerMonitor {
  /** Readings taken so far (each adds one completed search to the server's own counts). */
  reads = 0;
  readonly server: MonitoredServerKind;
  private readonly client: Client;
  private readonly reader: MonitorReader;

  constructor(server: MonitoredServerKind, client: Client, reader: MonitorReader) {
    this.server = server;
    this.client = client;
    this.reader = reader;
  }

  /** One reading of operation counts, connections and (where exposed) threads and memory. */
  read(): Promise<ServerMonitorReading> {
    this.reads++;
    return readBounded(this.reader, this.client);
  }

  /** Unbinds and closes the monitor's connection. */
  close(): Promise<void> {
    return closeQuietly(this.client, 1000);
  }
}

/** A monitor the bind may read, or the reason it cannot be read (never both). */
export type MonitorOpening =
  | { server: MonitoredServerKind; monitor: ServerMonitor; note: null }
  | { server: MonitoredServerKind; monitor: null; note: string };

/** Who the run binds as, in words. */
function bindOf(params: LdapConnectionParams): string {
  return params.bindDn === '' ? 'the anonymous bind' : `bind DN ${params.bindDn}`;
}

/** Why reading `detected`'s monitor failed with `err`, in one sentence with what to do. */
function readFailure(detected: DetectedServer, params: LdapConnectionParams, err: unknown): string {
  const { name } = detected;
  const monitor = isLabKind(detected.kind) ? LAB_KINDS[detected.kind].monitor : null;
  if (monitor?.read && monitor.withoutContext !== undefined && detected.monitorContext === null)
    return `${name} at ${params.url} ${monitor.withoutContext}`;
  if (err instanceof ResultCodeError && (err.code === 32 || err.code === 50))
    return `${bindOf(params)} may not read ${name}'s cn=monitor (ACL: the server answered ${resultCodeName(err.code)}): give it read access to cn=monitor, or run with a target that binds as a user who has it`;
  return `reading ${name}'s cn=monitor at ${params.url} failed: ${describeLdapFailure(err, params.url).message}`;
}

/** Tries each known monitor layout on a server the root DSE does not name. */
async function probeUnknown(
  client: Client,
  readers: MonitorReaders,
): Promise<[MonitoredServerKind, MonitorReader] | null> {
  for (const [kind, reader] of readersOf(readers)) {
    try {
      const reading = await readBounded(reader, client);
      if (Object.keys(reading.operations).length > 0) return [kind, reader];
    } catch {
      // Not this layout (or not readable): the next one is tried.
    }
  }
  return null;
}

/**
 * Connects and binds as the run does, tells the server from its root DSE and reads its monitor
 * once with its kind's reader of `readers`. Never throws: a monitor that cannot be read yields the
 * note that says why.
 */
export async function openServerMonitor(
  params: LdapConnectionParams,
  readers: MonitorReaders,
): Promise<MonitorOpening> {
  let client: Client;
  try {
    client = await openBoundClient(params);
  } catch (err) {
    const why = describeLdapFailure(err, params.url).message;
    return { server: 'unknown', monitor: null, note: `Server monitor not read: ${why}` };
  }
  const fail = async (server: MonitoredServerKind, why: string): Promise<MonitorOpening> => {
    await closeQuietly(client, 1000);
    return {
      server,
      monitor: null,
      note: `Server monitor not read: ${why}; the run goes on without server counts.`,
    };
  };
  let detected: DetectedServer;
  try {
    const { searchEntries } = await withDeadline(
      client.search('', {
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: DETECT_ATTRIBUTES,
      }),
      READ_DEADLINE_MS,
      'the root DSE search',
    );
    detected = detectServer(searchEntries[0] ?? {});
  } catch (err) {
    return fail(
      'unknown',
      `the root DSE could not be read (${describeLdapFailure(err, params.url).message})`,
    );
  }
  const none = noMonitorNote(detected.kind);
  if (none !== undefined) return fail(detected.kind, none);
  if (detected.kind === 'unknown') {
    const layout = await probeUnknown(client, readers);
    if (layout === null)
      return fail(
        'unknown',
        `${detected.name} exposes no cn=monitor ${bindOf(params)} may read in a layout DirBench knows (${knownLayouts(readers)})`,
      );
    return {
      server: layout[0],
      monitor: new ServerMonitor(layout[0], client, layout[1]),
      note: null,
    };
  }
  const reader = readersOf(readers).find(([kind]) => kind === detected.kind)?.[1];
  if (reader === undefined)
    return fail(detected.kind, `DirBench reads no monitor of ${detected.name}`);
  try {
    const reading = await readBounded(reader, client);
    if (Object.keys(reading.operations).length === 0)
      return fail(
        detected.kind,
        `${detected.name}'s cn=monitor shows ${bindOf(params)} no operation counters (ACL): give it read access to cn=monitor`,
      );
  } catch (err) {
    return fail(detected.kind, readFailure(detected, params, err));
  }
  return {
    server: detected.kind,
    monitor: new ServerMonitor(detected.kind, client, reader),
    note: null,
  };
}
