// Checks of what reaches the history channels from outside (HTTP, IPC, CLI): filters, tags, notes.
import type { HistoryFilter, RunAnnotation, RunSource } from '../../shared/history.ts';
import { invalid } from '../../shared/errors.ts';
import type { RunStatus } from '../../shared/types.ts';

/** Most history rows one query returns (SQLite takes a 64-bit integer; the list has no use for more). */
const MAX_LIMIT = 1_000_000;

/** Longest tag accepted, in characters. */
export const MAX_TAG_LENGTH = 40;
/** Most tags one run may carry. */
export const MAX_TAGS = 30;
/** Longest notes accepted, in characters. */
export const MAX_NOTES_LENGTH = 10_000;

const STATUSES: readonly RunStatus[] = [
  'preparing',
  'running',
  'completed',
  'stopped',
  'failed',
  'interrupted',
];
const SOURCES: readonly RunSource[] = ['dirbench', 'searchrate-csv', 'opendj-csv'];

/** Letters, digits and a few separators; spaces only inside. */
const TAG_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} ._:/+#@-]*[\p{L}\p{N}._:/+#@-])?$/u;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function stringList(field: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw invalid(field, `${field} must be a list of strings`);
  return value as string[];
}

function oneOf<T extends string>(
  field: string,
  value: unknown,
  allowed: readonly T[],
): T[] | undefined {
  const list = stringList(field, value);
  const bad = list?.find((v) => !(allowed as readonly string[]).includes(v));
  if (bad !== undefined)
    throw invalid(field, `${field}: "${bad}" is not one of ${allowed.join(', ')}`);
  return list as T[] | undefined;
}

function isoDate(field: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !ISO_DATE.test(value) || Number.isNaN(Date.parse(value)))
    throw invalid(field, `${field} must be an ISO date like 2025-01-31 (or a full ISO timestamp)`);
  // Timestamps compare as stored (UTC, with Z); dates compare as whole UTC days.
  return value.length === 10 ? value : new Date(value).toISOString();
}

/** A filter from outside, checked field by field; unknown fields are ignored. */
export function checkHistoryFilter(input: unknown): HistoryFilter {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input))
    throw invalid('filter', 'the history filter must be an object');
  const raw = input as Record<string, unknown>;
  const filter: HistoryFilter = {};
  if (raw['text'] !== undefined && raw['text'] !== null) {
    if (typeof raw['text'] !== 'string') throw invalid('text', 'text must be a string');
    if (raw['text'].trim() !== '') filter.text = raw['text'].trim();
  }
  const lists = { targetNames: 0, vendors: 0, serverVersions: 0, workloads: 0, tags: 0 } as const;
  for (const field of Object.keys(lists) as (keyof typeof lists)[]) {
    const list = stringList(field, raw[field]);
    if (list?.length) filter[field] = list;
  }
  const entries = raw['entries'];
  if (entries !== undefined && entries !== null) {
    if (!Array.isArray(entries) || entries.some((n) => !Number.isInteger(n) || (n as number) < 0))
      throw invalid('entries', 'entries must be a list of whole numbers of entries (e.g. [10000])');
    if (entries.length) filter.entries = entries as number[];
  }
  const statuses = oneOf('statuses', raw['statuses'], STATUSES);
  if (statuses?.length) filter.statuses = statuses;
  const sources = oneOf('sources', raw['sources'], SOURCES);
  if (sources?.length) filter.sources = sources;
  if (raw['campaignId'] !== undefined && raw['campaignId'] !== null) {
    if (typeof raw['campaignId'] !== 'string')
      throw invalid('campaignId', 'campaignId must be a string');
    filter.campaignId = raw['campaignId'];
  }
  const from = isoDate('startedFrom', raw['startedFrom']);
  if (from !== undefined) filter.startedFrom = from;
  const to = isoDate('startedTo', raw['startedTo']);
  if (to !== undefined) filter.startedTo = to;
  if (from !== undefined && to !== undefined && from.slice(0, 10) > to.slice(0, 10))
    throw invalid('startedTo', `startedTo (${to}) is before startedFrom (${from})`);
  const limit = raw['limit'];
  if (limit !== undefined && limit !== null) {
    if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIMIT)
      throw invalid('limit', `limit must be a whole number of rows, from 1 to ${MAX_LIMIT}`);
    filter.limit = limit as number;
  }
  return filter;
}

/** Tags trimmed, deduplicated (first spelling kept) and checked; throws naming the bad tag. */
export function normalizeTags(input: unknown, field = 'tags'): string[] {
  const list = stringList(field, input) ?? [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of list) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag === '') continue;
    if (tag.length > MAX_TAG_LENGTH)
      throw invalid(
        field,
        `tag "${tag.slice(0, 20)}…" is longer than ${MAX_TAG_LENGTH} characters`,
      );
    if (!TAG_PATTERN.test(tag))
      throw invalid(
        field,
        `tag "${tag}" may only hold letters, digits, spaces and . _ : / + # @ - (starting with a letter or digit)`,
      );
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.length > MAX_TAGS)
    throw invalid(field, `a run may carry at most ${MAX_TAGS} tags (got ${tags.length})`);
  return tags;
}

/** An annotation from outside, checked: notes trimmed (empty clears them), tags normalized. */
export function checkAnnotation(input: unknown): RunAnnotation {
  if (typeof input !== 'object' || input === null)
    throw invalid('runId', 'history/annotate needs { runId, notes?, tags? }');
  const raw = input as Record<string, unknown>;
  if (typeof raw['runId'] !== 'string' || raw['runId'] === '')
    throw invalid('runId', 'runId must name a stored run', { subject: 'run' });
  const annotation: RunAnnotation = { runId: raw['runId'] };
  if (raw['notes'] !== undefined && raw['notes'] !== null) {
    if (typeof raw['notes'] !== 'string') throw invalid('notes', 'notes must be text');
    const notes = raw['notes'].trim();
    if (notes.length > MAX_NOTES_LENGTH)
      throw invalid(
        'notes',
        `notes are limited to ${MAX_NOTES_LENGTH} characters (got ${notes.length})`,
      );
    annotation.notes = notes;
  }
  if (raw['tags'] !== undefined && raw['tags'] !== null)
    annotation.tags = normalizeTags(raw['tags']);
  return annotation;
}
