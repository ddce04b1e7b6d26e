// The history filter as it sits in the URL hash (#/history?target=...&tag=...), so a filtered view
// survives reloads and can be shared; and the chips that name each active filter value.
import type { HistoryFilter, RunSource } from '../../../shared/history.ts';
import type { RunStatus } from '../../../shared/types.ts';

/** The list-valued filter fields a facet dropdown adds values to. */
export type FacetField =
  | 'targetNames'
  | 'vendors'
  | 'serverVersions'
  | 'workloads'
  | 'entries'
  | 'statuses'
  | 'tags'
  | 'sources';

/** URL parameter of each facet field (repeated for several values). */
const PARAMS: Record<FacetField, string> = {
  targetNames: 'target',
  vendors: 'vendor',
  serverVersions: 'version',
  workloads: 'workload',
  entries: 'entries',
  statuses: 'status',
  tags: 'tag',
  sources: 'source',
};

/** Every facet field, in the order the filter bar shows them. */
export const FACET_FIELDS = Object.keys(PARAMS) as FacetField[];

/** Reads a filter from the query part of a hash like `#/history?target=a&q=text`. */
export function filterFromHash(hash: string): HistoryFilter {
  const query = hash.split('?', 2)[1] ?? '';
  const params = new URLSearchParams(query);
  const filter: HistoryFilter = {};
  for (const field of FACET_FIELDS) {
    const values = params.getAll(PARAMS[field]).filter((v) => v !== '');
    if (values.length === 0) continue;
    if (field === 'entries') {
      const sizes = values.map(Number).filter((n) => Number.isInteger(n) && n >= 0);
      if (sizes.length) filter.entries = sizes;
    } else if (field === 'statuses') filter.statuses = values as RunStatus[];
    else if (field === 'sources') filter.sources = values as RunSource[];
    else filter[field] = values;
  }
  const text = params.get('q');
  if (text) filter.text = text;
  const from = params.get('from');
  if (from) filter.startedFrom = from;
  const to = params.get('to');
  if (to) filter.startedTo = to;
  return filter;
}

/** The hash that shows the history with `filter` (plain `#/history` without one). */
export function hashOfFilter(filter: HistoryFilter): string {
  const params = new URLSearchParams();
  for (const field of FACET_FIELDS)
    for (const value of filter[field] ?? []) params.append(PARAMS[field], String(value));
  if (filter.text) params.set('q', filter.text);
  if (filter.startedFrom) params.set('from', filter.startedFrom);
  if (filter.startedTo) params.set('to', filter.startedTo);
  const query = params.toString();
  return query ? `#/history?${query}` : '#/history';
}

/** The filter with `value` added to (or removed from) a facet field. */
export function toggleValue(
  filter: HistoryFilter,
  field: FacetField,
  value: string | number,
): HistoryFilter {
  const current = (filter[field] ?? []) as (string | number)[];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const rest = Object.fromEntries(Object.entries(filter).filter(([k]) => k !== field));
  return (next.length ? { ...rest, [field]: next } : rest) as HistoryFilter;
}

/** True when no filter is set. */
export function isEmptyFilter(filter: HistoryFilter): boolean {
  return Object.keys(filter).length === 0;
}

/**
 * The API filter for a view filter: date inputs give local calendar days, sent as the instants
 * that day starts and ends here, so "today" means today where the user is.
 */
export function apiFilter(filter: HistoryFilter, limit: number): HistoryFilter {
  const copy: HistoryFilter = { ...filter, limit };
  if (filter.startedFrom) copy.startedFrom = localDayStart(filter.startedFrom, 0);
  if (filter.startedTo) copy.startedTo = localDayStart(filter.startedTo, 1);
  // The end is exclusive by a millisecond: the API's timestamp bound is inclusive.
  if (copy.startedTo) copy.startedTo = new Date(Date.parse(copy.startedTo) - 1).toISOString();
  return copy;
}

function localDayStart(date: string, addDays: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + addDays).toISOString();
}
