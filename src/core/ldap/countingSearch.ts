// A search that counts the entries it returns instead of keeping them: ldapts's search() buffers every
// entry of a result and converts each to an object, which a 100,000-entry result cannot afford.
import {
  PagedResultsControl,
  SearchEntry,
  SearchReference,
  SearchRequest,
  ServerSideSortingRequestControl,
  StatusCodeParser,
} from 'ldapts';
import type { Client, Control, Filter, SearchResponse } from 'ldapts';
import { internalsOf } from './clientInternals.ts';

/** What to send: the parts of a SearchRequest a workload sets, filter already parsed. */
export interface CountingSearchRequest {
  baseDn: string;
  scope: 'base' | 'one' | 'sub' | 'children';
  filter: Filter;
  attributes: string[];
  sizeLimit: number;
  /** Server-side limit in seconds; 0 asks for none (ldapts would send 10). */
  timeLimitS: number;
  typesOnly: boolean;
  derefAliases: 'never' | 'search' | 'find' | 'always';
  /** Simple paged results: page size, 0 for one unpaged request. */
  pageSize: number;
  /** Server-side sort keys; `-name` sorts descending. */
  sortKeys: readonly string[];
  /** Further request controls (a workload's), sent with every page. */
  controls?: readonly Control[];
}

/** Entries and references one search returned, and the DNs when asked for. */
export interface CountingSearchResult {
  entries: number;
  references: number;
  /** DNs of the returned entries, only when `collectDns` was set (at most `maxDns`). */
  dns: string[];
}

/** Per in-flight search: what has arrived so far. */
export interface Tally {
  entries: number;
  references: number;
  dns: string[] | null;
  maxDns: number;
  /** Hears of each entry as it arrives (a search that keeps entries ldapts would drop on a failure). */
  onEntry?: (entry: SearchEntry) => void;
  /** No further page is asked for once this many entries arrived. */
  stopAfter?: number;
}

/** A tally of nothing yet, collecting up to `maxDns` DNs when `collect` asks for them. */
export function newTally(collect: { maxDns: number } | null = null): Tally {
  return {
    entries: 0,
    references: 0,
    dns: collect === null ? null : [],
    maxDns: collect?.maxDns ?? 0,
  };
}

const tallies = new WeakMap<Client, Map<number, Tally>>();

/** Routes a client's search entries for counted searches to their tally before ldapts can buffer them. */
function talliesOf(client: Client): Map<number, Tally> {
  const existing = tallies.get(client);
  if (existing !== undefined) return existing;
  // ldapts makes one message parser per client for its whole life, reconnects included.
  const map = new Map<number, Tally>();
  tallies.set(client, map);
  const parser = internalsOf(client).messageParser;
  const original = parser.listeners('message') as ((message: unknown) => void)[];
  parser.removeAllListeners('message');
  parser.on('message', (message: unknown) => {
    if (message instanceof SearchEntry) {
      const tally = map.get(message.messageId);
      if (tally !== undefined) {
        tally.entries++;
        if (tally.dns !== null && tally.dns.length < tally.maxDns) tally.dns.push(message.name);
        tally.onEntry?.(message);
        return;
      }
    } else if (message instanceof SearchReference) {
      const tally = map.get(message.messageId);
      if (tally !== undefined) {
        tally.references++;
        return;
      }
    }
    for (const listener of original) listener(message);
  });
  return map;
}

/** A sort control for keys like `sn`, `-sn` (descending) or `sn:caseIgnoreOrderingMatch` (RFC 2891). */
function sortControl(keys: readonly string[]): ServerSideSortingRequestControl {
  return new ServerSideSortingRequestControl({
    value: keys.map((key) => {
      const reverseOrder = key.startsWith('-');
      const [attributeType = '', orderingRule] = (reverseOrder ? key.slice(1) : key).split(':');
      return orderingRule === undefined
        ? { attributeType, reverseOrder }
        : { attributeType, orderingRule, reverseOrder };
    }),
  });
}

/**
 * Sends one search (every page of it when paged) on a connected, bound client and counts what
 * comes back. Size-limit-exceeded is a success when a size limit was asked for, as in searchrate.
 */
export async function countingSearch(
  client: Client,
  request: CountingSearchRequest,
  collect: { maxDns: number } | null = null,
): Promise<CountingSearchResult> {
  const tally = newTally(collect);
  const response = await searchPages(client, request, tally);
  const sizeLimited = response?.status === 4 && request.sizeLimit > 0;
  if (response === undefined || (response.status !== 0 && !sizeLimited)) {
    throw StatusCodeParser.parse(response);
  }
  return { entries: tally.entries, references: tally.references, dns: tally.dns ?? [] };
}

/**
 * Sends `request` page by page into `tally` until a page ends without a cookie, with a result
 * other than success, or after `tally.stopAfter` entries; returns the last searchResultDone.
 */
export async function searchPages(
  client: Client,
  request: CountingSearchRequest,
  tally: Tally,
): Promise<SearchResponse | undefined> {
  const internals = internalsOf(client);
  const byMessageId = talliesOf(client);
  const controls: Control[] = [...(request.controls ?? [])];
  if (request.sortKeys.length > 0) controls.push(sortControl(request.sortKeys));
  const paging =
    request.pageSize > 0 ? new PagedResultsControl({ value: { size: request.pageSize } }) : null;
  if (paging !== null) controls.push(paging);
  for (;;) {
    const message = new SearchRequest({
      messageId: internals._nextMessageId(),
      baseDN: request.baseDn,
      scope: request.scope,
      filter: request.filter,
      attributes: request.attributes,
      sizeLimit: request.sizeLimit,
      timeLimit: request.timeLimitS,
      returnAttributeValues: !request.typesOnly,
      derefAliases: request.derefAliases,
      controls,
    });
    byMessageId.set(message.messageId, tally);
    let response: SearchResponse | undefined;
    try {
      response = (await internals._send(message)) as SearchResponse | undefined;
    } finally {
      byMessageId.delete(message.messageId);
    }
    if (response === undefined || response.status !== 0 || paging === null) return response;
    const cookie = nextCookie(response);
    if (cookie === undefined || cookie.length === 0) return response;
    if (tally.entries >= (tally.stopAfter ?? Infinity)) return response;
    paging.value = { size: request.pageSize, cookie };
  }
}

/** Whether the server answered a paged search with the paged-results control (RFC 2696 says it must). */
export function hasPagedResponse(response: SearchResponse | undefined): boolean {
  return (response?.controls ?? []).some((control) => control instanceof PagedResultsControl);
}

/** The paged-results cookie the server sent back, if any. */
function nextCookie(response: SearchResponse): Buffer | undefined {
  for (const control of response.controls ?? []) {
    if (control instanceof PagedResultsControl) return control.value?.cookie;
  }
  return undefined;
}
