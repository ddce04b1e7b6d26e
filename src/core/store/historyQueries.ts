// The history explorer's SQL: filters as WHERE clauses, list rows with their tags (facet counts:
// facetCounts.ts).
import type { HistoryFilter, RunSource } from '../../shared/history.ts';
import type { RunListItem, RunStatus, WorkloadId } from '../../shared/types.ts';
import type { Db } from './database.ts';

/** Separates tags inside one group_concat value (a control character no tag may contain). */
const TAG_SEPARATOR = '\u001f';

/** The columns of a history row, in ListRow's order; every one is in the runs_history covering index. */
const ROW_COLUMNS = `id, target_name, workload, entries, connections, depth, status, ops_per_sec, p99_us,
  started_at, ended_at, server_vendor, server_version, notes, campaign_id, source, thresholds_breached`;

/** The columns of a history row plus its tags: one index probe a row, right for a page of rows. */
const LIST_COLUMNS = `${ROW_COLUMNS},
  (SELECT group_concat(tag, char(31)) FROM run_tags t WHERE t.run_id = runs.id) AS tags`;

/** A history row read raw (an array, not an object a row): ROW_COLUMNS, then its tags when asked. */
type ListRow = [
  id: string,
  targetName: string,
  workload: string,
  entries: number | null,
  connections: number,
  depth: number,
  status: string,
  opsPerSec: number | null,
  p99Us: number | null,
  startedAt: string,
  endedAt: string | null,
  serverVendor: string | null,
  serverVersion: string | null,
  notes: string | null,
  campaignId: string | null,
  source: string,
  thresholdsBreached: number | null,
  tags?: string | null,
];

/** The API's shape of a row; `tags` come with the row or from a map read beside it. */
function toItem(row: ListRow, tags: string | null = row[17] ?? null): RunListItem {
  return {
    id: row[0],
    targetName: row[1],
    workload: row[2] as WorkloadId,
    entries: row[3],
    connections: row[4],
    depth: row[5],
    status: row[6] as RunStatus,
    opsPerSec: row[7],
    p99Us: row[8],
    startedAt: row[9],
    endedAt: row[10],
    serverVendor: row[11],
    serverVersion: row[12],
    tags: tags === null ? [] : tags.split(TAG_SEPARATOR).sort(),
    notes: row[13],
    campaignId: row[14],
    source: row[15] as RunSource,
    thresholdsBreached: row[16],
  };
}

/** A WHERE clause and its parameters. */
interface Clause {
  sql: string;
  params: (string | number)[];
}

/** `column IN (?, ?, ...)` for a non-empty list. */
function inList(column: string, values: readonly (string | number)[], clause: Clause): void {
  clause.sql += ` AND ${column} IN (${values.map(() => '?').join(', ')})`;
  clause.params.push(...values);
}

/** LIKE pattern matching `word` anywhere, with LIKE's wildcards taken literally. */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The day after an ISO date (YYYY-MM-DD), for an inclusive upper bound on a whole day. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Columns free text is looked for in (tags too, through run_tags). */
const TEXT_COLUMNS = [
  'id',
  'target_name',
  'workload',
  'notes',
  'server_vendor',
  'server_version',
] as const;

/** Builds the WHERE clause of a (checked) filter; every condition combines with AND. */
export function whereOf(filter: HistoryFilter): Clause {
  const clause: Clause = { sql: '1 = 1', params: [] };
  if (filter.targetNames?.length) inList('target_name', filter.targetNames, clause);
  if (filter.vendors?.length) inList('server_vendor', filter.vendors, clause);
  if (filter.serverVersions?.length) inList('server_version', filter.serverVersions, clause);
  if (filter.workloads?.length) inList('workload', filter.workloads, clause);
  if (filter.entries?.length) inList('entries', filter.entries, clause);
  if (filter.statuses?.length) inList('status', filter.statuses, clause);
  if (filter.sources?.length) inList('source', filter.sources, clause);
  if (filter.campaignId !== undefined) {
    clause.sql += ' AND campaign_id = ?';
    clause.params.push(filter.campaignId);
  }
  if (filter.tags?.length) {
    // Runs carrying every tag: the tag index finds the candidates, the count keeps those with all.
    const tags = [...new Set(filter.tags)];
    clause.sql += ` AND id IN (SELECT run_id FROM run_tags WHERE tag IN (${tags.map(() => '?').join(', ')})
      GROUP BY run_id HAVING count(*) = ?)`;
    clause.params.push(...tags, tags.length);
  }
  if (filter.startedFrom !== undefined) {
    clause.sql += ' AND started_at >= ?';
    clause.params.push(filter.startedFrom);
  }
  if (filter.startedTo !== undefined) {
    const whole = DATE_ONLY.test(filter.startedTo);
    clause.sql += whole ? ' AND started_at < ?' : ' AND started_at <= ?';
    clause.params.push(whole ? nextDay(filter.startedTo) : filter.startedTo);
  }
  for (const word of (filter.text ?? '').split(/\s+/).filter((w) => w !== '')) {
    const like = containsPattern(word);
    const matches = TEXT_COLUMNS.map((column) => `${column} LIKE ? ESCAPE '\\'`);
    // Tags: a set of matching runs built once per word, not a run_tags probe per row scanned; and
    // when no tag matches at all (asked once), no set is looked in for each of 100,000 rows.
    matches.push(`(EXISTS (SELECT 1 FROM run_tags WHERE tag LIKE ? ESCAPE '\\')
      AND id IN (SELECT run_id FROM run_tags WHERE tag LIKE ? ESCAPE '\\'))`);
    clause.sql += ` AND (${matches.join(' OR ')})`;
    for (let i = 0; i <= matches.length; i++) clause.params.push(like);
  }
  return clause;
}

/**
 * Where the list reads runs from. The covering history index holds every list and filter column
 * in display order, so a filtered page stops after its rows and even the rarest value costs one
 * pass over it; a one-column index would make SQLite fetch every matching wide row and sort them
 * (tens of thousands at 100,000 runs). A campaign's runs are few: their own index finds them.
 */
function listSource(filter: HistoryFilter): string {
  return filter.campaignId === undefined ? 'runs INDEXED BY runs_history' : 'runs';
}

/** The statement listing a (checked) filter's rows, newest first, and its parameters. */
export function listQuery(filter: HistoryFilter, columns = LIST_COLUMNS): Clause {
  const where = whereOf(filter);
  return {
    sql: `SELECT ${columns} FROM ${listSource(filter)} WHERE ${where.sql}
      ORDER BY started_at DESC, id DESC LIMIT ?`,
    params: [...where.params, filter.limit ?? -1],
  };
}

/** History rows matching a (checked) filter, newest first. */
export function listRuns(db: Db, filter: HistoryFilter): RunListItem[] {
  const query = listQuery(filter);
  const rows = db
    .prepare(query.sql)
    .raw(true)
    .all(...query.params) as ListRow[];
  return rows.map((row) => toItem(row));
}

/** The same rows one at a time: a 100,000-run dump is written as it is read, never held whole. */
export function* eachRun(db: Db, filter: HistoryFilter): Generator<RunListItem> {
  if (whereOf(filter).params.length > 0) {
    // A filtered list probes the tags of its own rows only.
    const query = listQuery(filter);
    const rows = db
      .prepare(query.sql)
      .raw(true)
      .iterate(...query.params);
    for (const row of rows as IterableIterator<ListRow>) yield toItem(row);
    return;
  }
  // Every run's tags in one pass: cheaper than a probe per row when the rows are the whole store.
  const tagsOf = new Map(
    db
      .prepare('SELECT run_id, group_concat(tag, char(31)) FROM run_tags GROUP BY run_id')
      .raw(true)
      .all() as [string, string][],
  );
  const query = listQuery(filter, ROW_COLUMNS);
  const rows = db
    .prepare(query.sql)
    .raw(true)
    .iterate(...query.params);
  for (const row of rows as IterableIterator<ListRow>)
    yield toItem(row, tagsOf.get(row[0]) ?? null);
}

/** One history row, or undefined when there is no such run. */
export function listItem(db: Db, runId: string): RunListItem | undefined {
  const row = db.prepare(`SELECT ${LIST_COLUMNS} FROM runs WHERE id = ?`).raw(true).get(runId) as
    ListRow | undefined;
  return row && toItem(row);
}
