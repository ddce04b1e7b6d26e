// The search kind: its request, its form fields and its row.
import type { DerefAliases, SearchScope, WithControls } from './common.ts';
import type { FormField, FormReader } from './formFields.ts';
import type { OperationTraits } from './traits.ts';

/** A search request; the entries it returns are counted, never kept. */
export interface SearchOperation extends WithControls {
  kind: 'search';
  /** Base DN (pattern). */
  base: string;
  scope: SearchScope;
  /** RFC 4515 filter (pattern). */
  filter: string;
  /** Attributes to return: names, `1.1` (none), `*` (user), `+` (operational); empty means all user attributes. */
  attributes: string[];
  /** Most entries the server may return (0: no limit); hitting it is a success, as in searchrate. */
  sizeLimit?: number;
  /** Server-side time limit in seconds (0, the default: no limit, so long searches are never cut silently). */
  timeLimitS?: number;
  /** Ask for attribute names only. */
  typesOnly?: boolean;
  derefAliases?: DerefAliases;
  /** Simple paged results (RFC 2696): page size; one operation fetches every page. */
  pageSize?: number;
  /** Server-side sort (RFC 2891) keys: attribute names, `-` first for descending, `:RULE` for an ordering rule (e.g. `sn:caseIgnoreOrderingMatch`; attributes without an ORDERING rule in their schema need one). */
  sortKeys?: string[];
}

/** LDAP's maxInt (RFC 4511): limits and page sizes travel as INTEGER (0 .. maxInt). */
const MAX_INT = 2 ** 31 - 1;

/** Search scopes, with the GUI's words for them. */
export const SCOPE_CHOICES = [
  { value: 'base', label: 'base: the entry itself' },
  { value: 'one', label: 'one: its children' },
  { value: 'sub', label: 'sub: the whole subtree' },
  { value: 'children', label: 'children: subtree below it' },
] as const;

const BASE: FormField = {
  name: 'base',
  type: 'pattern',
  at: ['base'],
  cli: {
    option: 'base',
    value: 'PATTERN',
    description: 'search: the search base',
    example: 'ou=People,o=Example',
  },
  gui: {
    label: 'Base DN pattern',
    initial: '[entry:parent]',
    hint: 'e.g. `ou=People,o=Salford,c=gb` or `[entry:parent]`; empty is the root DSE.',
  },
};
const SCOPE: FormField = {
  name: 'scope',
  type: 'select',
  at: ['scope'],
  choices: SCOPE_CHOICES,
  cli: { option: 'scope', value: 'S', description: 'base|one|sub|children', default: 'sub' },
  gui: { label: 'Scope', initial: 'one' },
};
const FILTER: FormField = {
  name: 'filter',
  type: 'pattern',
  at: ['filter'],
  cli: {
    option: 'filter',
    value: 'PATTERN',
    description: 'search filter',
    default: '(objectClass=*)',
  },
  gui: {
    label: 'Filter pattern',
    initial: '(cn=[entry:cn])',
    hint: 'RFC 4515, e.g. `(uid=user.[1-10000])` or `(cn=[entry:cn])`.',
  },
};
const ATTRIBUTES: FormField = {
  name: 'attributes',
  type: 'text',
  at: ['attributes'],
  cli: {
    option: 'attributes',
    value: 'LIST',
    description: 'attributes to return: a,b or 1.1 (none) or * (all user attributes, the default)',
  },
  gui: {
    label: 'Attributes',
    initial: '',
    placeholder: 'all user attributes',
    hint: '`cn,mail`, `1.1` for none, `*` user, `+` operational.',
  },
};
const SIZE_LIMIT: FormField = {
  name: 'sizeLimit',
  type: 'number',
  at: ['sizeLimit'],
  cli: { option: 'size-limit', value: 'N', description: 'entries per search at most' },
  gui: { label: 'Size limit', initial: '', placeholder: '0', hint: '0: none.' },
};
const TIME_LIMIT: FormField = {
  name: 'timeLimitS',
  type: 'number',
  at: ['timeLimitS'],
  cli: { option: 'time-limit', value: 'S', description: "the server's time limit per search" },
  gui: { label: 'Time limit (s)', initial: '', placeholder: '0', hint: '0: none.' },
};
const TYPES_ONLY: FormField = {
  name: 'typesOnly',
  type: 'check',
  at: ['typesOnly'],
  cli: { option: 'types-only', description: 'return attribute names without values' },
  gui: { label: 'Types only (attribute names without values)', initial: false },
};
const DEREF: FormField = {
  name: 'derefAliases',
  type: 'select',
  at: ['derefAliases'],
  choices: ['never', 'search', 'find', 'always'].map((d) => ({ value: d, label: d })),
  cli: {
    option: 'deref',
    value: 'D',
    description: 'alias dereferencing: never|search|find|always',
    default: 'never',
  },
  gui: { label: 'Deref aliases', initial: 'never' },
};
const PAGE_SIZE: FormField = {
  name: 'pageSize',
  type: 'number',
  at: ['pageSize'],
  cli: {
    option: 'page-size',
    value: 'N',
    description: 'paged results control (RFC 2696), N entries a page',
  },
  gui: { label: 'Page size', initial: '', placeholder: 'not paged', hint: 'Paged results.' },
};
const SORT_KEYS: FormField = {
  name: 'sortKeys',
  type: 'text',
  at: ['sortKeys'],
  cli: {
    option: 'sort-keys',
    value: 'LIST',
    description: 'server-side sort control (RFC 2891), e.g. sn,-cn',
  },
  gui: {
    label: 'Sort keys',
    initial: '',
    placeholder: 'none',
    hint: 'Server-side sort, e.g. `sn,-cn` (`-` descending).',
  },
};

/** The search's fields in the CLI's order. */
export const SEARCH_FIELDS = [
  BASE,
  SCOPE,
  FILTER,
  ATTRIBUTES,
  SIZE_LIMIT,
  TIME_LIMIT,
  TYPES_ONLY,
  DEREF,
  PAGE_SIZE,
  SORT_KEYS,
] as const;

/** The search the search fields describe (search-and-modify's search too). */
export function searchFrom(r: FormReader): SearchOperation {
  const search: SearchOperation = {
    kind: 'search',
    base: r.need(BASE).trim(),
    scope: r.choice<SearchScope>(SCOPE, 'sub'),
    filter: (r.text(FILTER) ?? '(objectClass=*)').trim(),
    attributes: r.list(ATTRIBUTES),
  };
  const sizeLimit = r.whole(SIZE_LIMIT, 0, MAX_INT);
  const timeLimitS = r.whole(TIME_LIMIT, 0, MAX_INT);
  const pageSize = r.whole(PAGE_SIZE, 0, MAX_INT);
  const derefAliases = r.choice<DerefAliases>(DEREF, 'never');
  const sortKeys = r.list(SORT_KEYS);
  if (sizeLimit !== undefined) search.sizeLimit = sizeLimit;
  if (timeLimitS !== undefined) search.timeLimitS = timeLimitS;
  if (r.flag(TYPES_ONLY)) search.typesOnly = true;
  if (derefAliases !== 'never') search.derefAliases = derefAliases;
  if (pageSize !== undefined) search.pageSize = pageSize;
  if (sortKeys.length > 0) search.sortKeys = sortKeys;
  return search;
}

/** The search kind's row. */
export const SEARCH_TRAITS: OperationTraits<SearchOperation> = {
  kind: 'search',
  title: 'Search',
  summary: 'Search requests; returned entries are counted, never kept.',
  writes: 'none',
  controls: ['proxied-auth', 'assertion', 'raw'],
  serverCounters: ['search'],
  mapDns: (operation, map) => ({ ...operation, base: map(operation.base, 'subtree') }),
  form: {
    fields: SEARCH_FIELDS,
    usage: [
      '--base PATTERN --scope S --filter PATTERN --attributes LIST [--size-limit N]',
      '[--time-limit S] [--types-only] [--deref D] [--page-size N] [--sort-keys LIST]',
    ],
    layout: [
      { className: 'custom-row-2-1', fields: [BASE, SCOPE] },
      { className: '', fields: [FILTER] },
      { className: 'custom-row-2', fields: [ATTRIBUTES, SORT_KEYS] },
      { className: 'custom-row-4', fields: [SIZE_LIMIT, TIME_LIMIT, PAGE_SIZE, DEREF] },
      { className: null, fields: [TYPES_ONLY] },
    ],
    build: (r) => ({ operation: searchFrom(r) }),
  },
};
