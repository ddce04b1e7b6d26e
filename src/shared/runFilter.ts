// Which of a selection's runs an export, a report or a compare picker keeps: tests, sizes, servers and
// index profiles, matched the same way everywhere, with errors that name the values there are.
import type { CompareRun } from './compare.ts';
import { formatEntries, formatInt } from './charts/format.ts';
import { invalid } from './errors.ts';
import type { RunFilter } from './exchange.ts';
import { releaseOf, serverFullName, serverShortName } from './serverNames.ts';
import { shownValue } from './validation.ts';

/** The filter's lists, in the order options, titles and messages name them. */
export const FILTER_FIELDS = ['tests', 'sizes', 'servers', 'profiles'] as const;

/** One list of a filter. */
export type FilterField = (typeof FILTER_FIELDS)[number];

/** The values a selection's runs take along each list: what pickers offer and errors list. */
export interface FilterChoices {
  /** Workload ids in the order the runs first show them. */
  tests: string[];
  /** Sizes in entries, smallest first. */
  sizes: number[];
  /** Servers by short name, in the order the runs first show them. */
  servers: string[];
  /** Index profile names, in the order the runs first show them. */
  profiles: string[];
}

/** How messages call one value of a list and the list. */
const FIELD_WORDS: Record<FilterField, { one: string; many: string }> = {
  tests: { one: 'test', many: 'tests' },
  sizes: { one: 'size', many: 'sizes' },
  servers: { one: 'server', many: 'servers' },
  profiles: { one: 'index profile', many: 'index profiles' },
};

const MULTIPLIERS: Record<string, number> = { '': 1, k: 1_000, m: 1_000_000 };

/** Entries from how people write them: 10000, 10,000, 10_000, 10K, 10k, 1.5M; null if it is none. */
export function parseEntries(text: string): number | null {
  const match = /^(\d+(?:[,_]\d{3})*(?:\.\d+)?)\s*([kKmM]?)$/.exec(text.trim());
  if (!match) return null;
  const entries =
    Number((match[1] ?? '').replace(/[,_]/g, '')) *
    (MULTIPLIERS[(match[2] ?? '').toLowerCase()] ?? 1);
  return Number.isSafeInteger(entries) ? entries : null;
}

/** A family name without its release: "OpenLDAP" of "OpenLDAP 2.5.13". */
function withoutRelease(name: string): string {
  const release = releaseOf(name);
  return release ? name.replace(release, '').replace(/\s+/g, ' ').trim() : name;
}

/**
 * Every name a run's server answers to, lower-cased: its short name with and without the release, its
 * full vendor string, root DSE vendor and version, lab kind and target name.
 */
export function serverNamesOf(run: CompareRun): Set<string> {
  const short = serverShortName(run);
  const names = [
    short,
    withoutRelease(short),
    serverFullName(run),
    run.serverVendor,
    run.serverVersion,
    run.labKind,
    run.targetName,
  ];
  return new Set(names.filter((n): n is string => !!n).map((n) => n.trim().toLowerCase()));
}

function sameText(a: string | null, b: string): boolean {
  return a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Whether `run` takes `value` along `field` (text compared without regard to case). */
function runHas(run: CompareRun, field: FilterField, value: string | number): boolean {
  switch (field) {
    case 'tests':
      return sameText(run.workload, String(value));
    case 'sizes':
      return run.entries === value;
    case 'servers':
      return serverNamesOf(run).has(String(value).trim().toLowerCase());
    case 'profiles':
      return sameText(run.indexProfile, String(value));
  }
}

function listOf(filter: RunFilter | undefined, field: FilterField): (string | number)[] {
  return filter?.[field] ?? [];
}

/** Whether a run passes every list of the filter (an empty list passes all). */
export function runPasses(run: CompareRun, filter: RunFilter | undefined): boolean {
  return FILTER_FIELDS.every((field) => {
    const values = listOf(filter, field);
    return values.length === 0 || values.some((v) => runHas(run, field, v));
  });
}

/** True when the filter keeps every run: each list absent or empty. */
export function filterIsEmpty(filter: RunFilter | undefined): boolean {
  return FILTER_FIELDS.every((field) => listOf(filter, field).length === 0);
}

function distinct<T>(values: readonly (T | null)[]): T[] {
  return [...new Set(values.filter((v): v is T => v !== null))];
}

/** The values the runs take along each list. */
export function filterChoices(runs: readonly CompareRun[]): FilterChoices {
  return {
    tests: distinct(runs.map((r) => r.workload)),
    sizes: distinct(runs.map((r) => r.entries)).sort((a, b) => a - b),
    servers: distinct(runs.map((r) => serverShortName(r))),
    profiles: distinct(runs.map((r) => r.indexProfile)),
  };
}

/** A value as messages and titles show it: sizes as "10K entries". */
function valueText(field: FilterField, value: string | number): string {
  return field === 'sizes' && typeof value === 'number'
    ? `${formatEntries(value)} entries`
    : String(value);
}

/** The choices along one list as a message shows them ("10K (10,000)" for sizes, so either form can be typed). */
function choicesText(field: FilterField, choices: FilterChoices): string {
  const values: (string | number)[] = choices[field];
  if (values.length === 0) return `none (no run says its ${FIELD_WORDS[field].one})`;
  return values
    .map((v) =>
      field === 'sizes' ? `${formatEntries(v as number)} (${formatInt(v as number)})` : String(v),
    )
    .join(', ');
}

/** "salford/S.1 · 10K entries · OpenLDAP": the filter in a title or a message. */
export function filterText(filter: RunFilter | undefined): string {
  return FILTER_FIELDS.flatMap((field) => {
    const values = listOf(filter, field);
    return values.length === 0 ? [] : [values.map((v) => valueText(field, v)).join(' or ')];
  }).join(' · ');
}

/**
 * The items whose runs pass the filter; `what` names the selection in errors ("campaign c-1"). A
 * value no run takes is a validation error on its list naming the values there are (a typo should
 * not quietly drop runs), and lists that leave no run together are one on `filter`.
 */
export function applyRunFilter<T>(
  items: readonly T[],
  filter: RunFilter | undefined,
  what: string,
  runOf: (item: T) => CompareRun,
): T[] {
  if (filterIsEmpty(filter)) return [...items];
  const runs = items.map(runOf);
  const choices = filterChoices(runs);
  for (const field of FILTER_FIELDS) {
    const missing = listOf(filter, field).filter((v) => !runs.some((r) => runHas(r, field, v)));
    if (missing.length === 0) continue;
    const words = FIELD_WORDS[field];
    const shown = missing.map((v) => shownValue(valueText(field, v))).join(', ');
    throw invalid(
      field,
      `${shown} ${missing.length === 1 ? 'matches' : 'match'} no run of ${what}; its ${words.many} are ${choicesText(field, choices)}`,
    );
  }
  const kept = items.filter((item) => runPasses(runOf(item), filter));
  if (kept.length === 0)
    throw invalid(
      'filter',
      `no run of ${what} is ${filterText(filter).replaceAll(' · ', ' and ')} at once; drop one of these filters or pick values one run has`,
    );
  return kept;
}

/** A list of text from a request (absent stays absent), naming the field when it is not one. */
function textList(value: unknown, field: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.trim() === ''))
    throw invalid(field, `${field} must be a list of names, got ${shownValue(value)}`);
  return value as string[];
}

/** Checks a filter from a request: lists of names, sizes as whole numbers of entries. */
export function checkRunFilter(value: unknown): RunFilter | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid(
      'filter',
      `filter must be an object of lists (tests, sizes, servers, profiles), got ${shownValue(value)}`,
    );
  const raw = value as Record<string, unknown>;
  const unknown = Object.keys(raw).filter((k) => !(FILTER_FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0)
    throw invalid(
      'filter',
      `filter has no list ${unknown.join(', ')}; its lists are ${FILTER_FIELDS.join(', ')}`,
    );
  const sizes = raw.sizes;
  if (
    sizes !== undefined &&
    sizes !== null &&
    (!Array.isArray(sizes) || sizes.some((n) => !Number.isSafeInteger(n) || (n as number) < 0))
  )
    throw invalid(
      'sizes',
      `sizes must be a list of whole numbers of entries (e.g. [10000]), got ${shownValue(sizes)}`,
    );
  const filter: RunFilter = {};
  for (const field of ['tests', 'servers', 'profiles'] as const) {
    const list = textList(raw[field], field);
    if (list?.length) filter[field] = list;
  }
  if (Array.isArray(sizes) && sizes.length > 0) filter.sizes = sizes as number[];
  return filter;
}
