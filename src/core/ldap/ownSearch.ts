// The searches DirBench makes for itself (entry samples, monitor reads, entry counts), as opposed to
// the measured load: paged where the server offers paging, and kept as far as they got when one of
// the server's limits (size, time, administrative such as a lookthrough limit) stops them.
import { FilterParser, StatusCodeParser } from 'ldapts';
import type { Client, Entry, SearchEntry } from 'ldapts';
import type { ServerLimit } from '../../shared/serverLimits.ts';
import { hasPagedResponse, newTally, searchPages } from './countingSearch.ts';
import { readRootDse } from './rootDse.ts';

/** The simple paged-results control (RFC 2696), as the root DSE lists it in supportedControl. */
export const PAGED_RESULTS_OID = '1.2.840.113556.1.4.319';

/** Entries per page: Active Directory's default MaxPageSize, within every server's page limits. */
const PAGE_SIZE = 1000;

/** The result codes of a server limit (RFC 4511): timeLimitExceeded, sizeLimitExceeded, adminLimitExceeded. */
const LIMIT_BY_CODE: ReadonlyMap<number, ServerLimit> = new Map([
  [3, 'time'],
  [4, 'size'],
  [11, 'admin'],
]);

/** What one of DirBench's own searches asks for. */
export interface OwnSearchOptions {
  scope: 'base' | 'one' | 'sub';
  /** An LDAP filter string. */
  filter: string;
  /** Attributes to return; ['1.1'] for none. */
  attributes: string[];
  /** Enough: no further page (or, unpaged, no more than this from the server) once this many arrived. */
  maxEntries?: number;
  /** False: never paged, nor the root DSE read to know whether it could be (default true). */
  paged?: boolean;
}

/** Entries that arrived, and the server limit that stopped the search early (null: it ran to the end). */
export interface OwnSearchResult {
  entries: Entry[];
  limit: ServerLimit | null;
}

const pagingByClient = new WeakMap<Client, Promise<boolean>>();

/** Whether the server behind `client` lists paged results in its root DSE (asked once per client). */
export function pagingOffered(client: Client): Promise<boolean> {
  let offered = pagingByClient.get(client);
  if (offered === undefined) {
    offered = readRootDse(client).then(
      (dse) => dse.supportedControl.includes(PAGED_RESULTS_OID),
      // A root DSE the bind may not read says nothing: search unpaged and take what the limits allow.
      () => false,
    );
    pagingByClient.set(client, offered);
  }
  return offered;
}

/** Searches on a connected, bound client and keeps each entry as it arrives (ldapts drops them on a limit). */
export async function ownSearch(
  client: Client,
  baseDn: string,
  options: OwnSearchOptions,
): Promise<OwnSearchResult> {
  const entries: Entry[] = [];
  const requested = options.attributes;
  const { limit } = await searchEach(client, baseDn, options, {
    onEntry: (entry) => entries.push(entry.toObject(requested, [])),
    restart: () => entries.splice(0),
  });
  return { entries, limit };
}

/** Counts the entries a search returns, keeping none; the limit that stopped it early, if one did. */
export async function ownCount(
  client: Client,
  baseDn: string,
  filter: string,
): Promise<{ entries: number; limit: ServerLimit | null }> {
  const options: OwnSearchOptions = { scope: 'sub', filter, attributes: ['1.1'] };
  return searchEach(client, baseDn, options, { onEntry: () => {}, restart: () => {} });
}

/** Where a search's entries go, and how it forgets them when the search starts over. */
interface EntrySink {
  onEntry: (entry: SearchEntry) => void;
  restart: () => void;
}

/** Entries counted and the limit met; `unpaged` when a paged search came back cut at a page and with no cookie. */
interface Searched {
  entries: number;
  limit: ServerLimit | null;
  unpaged: boolean;
}

/** Searches paged where the server offers paging and honours it, unpaged otherwise. */
async function searchEach(
  client: Client,
  baseDn: string,
  options: OwnSearchOptions,
  sink: EntrySink,
): Promise<{ entries: number; limit: ServerLimit | null }> {
  const paged =
    options.paged !== false && options.scope !== 'base' && (await pagingOffered(client));
  const first = await searchOnce(client, baseDn, options, paged, sink.onEntry);
  if (!first.unpaged) return first;
  // A server that lists paging but cuts the result at a page without a cookie (ApacheDS 2.0.0-M26
  // here) does not page: this client asks it unpaged from now on.
  pagingByClient.set(client, Promise.resolve(false));
  sink.restart();
  return searchOnce(client, baseDn, options, false, sink.onEntry);
}

async function searchOnce(
  client: Client,
  baseDn: string,
  options: OwnSearchOptions,
  paged: boolean,
  onEntry: (entry: SearchEntry) => void,
): Promise<Searched> {
  // Unpaged, a size limit of our own spares receiving a whole large directory to keep a few.
  const ownSizeLimit = paged ? 0 : (options.maxEntries ?? 0);
  const tally = { ...newTally(), onEntry, stopAfter: options.maxEntries ?? Infinity };
  const response = await searchPages(
    client,
    {
      baseDn,
      scope: options.scope,
      filter: FilterParser.parseString(options.filter),
      attributes: options.attributes,
      sizeLimit: ownSizeLimit,
      // No limit of our own: the server's time limit is the one that may stop us.
      timeLimitS: 0,
      typesOnly: false,
      derefAliases: 'never',
      pageSize: paged ? PAGE_SIZE : 0,
      sortKeys: [],
    },
    tally,
  );
  const status = response?.status ?? -1;
  // RFC 2696: the last page carries the control with an empty cookie; none at all after a full page
  // means the server stopped at the page size without paging.
  const unpaged =
    paged && status === 0 && tally.entries >= PAGE_SIZE && !hasPagedResponse(response);
  // Our own size limit reached is as good as the end: we asked for no more.
  const ours = status === 4 && ownSizeLimit > 0 && tally.entries >= ownSizeLimit;
  if (status === 0 || ours) return { entries: tally.entries, limit: null, unpaged };
  const limit = LIMIT_BY_CODE.get(status);
  if (limit === undefined) throw StatusCodeParser.parse(response);
  return { entries: tally.entries, limit, unpaged: false };
}
