// The history filters' facet counts, kept in run_facets by triggers as runs and tags are written,
// so the filter bar reads a few dozen rows instead of counting every run once per facet (at
// 100,000 runs that was eight index scans and one of run_tags on every history refresh).
import type { FacetValue, HistoryFacets, RunSource } from '../../shared/history.ts';
import type { RunStatus } from '../../shared/types.ts';
// The handle's own type, not database.ts's Db: database.ts runs the migrations, which import this.
import type { Database as Db } from 'better-sqlite3';

/**
 * The runs columns counted, as the schema version that added run_facets knew them. Frozen: a
 * migration that counts another column adds its own triggers rather than changing these.
 */
const COUNTED = [
  'target_name',
  'server_vendor',
  'server_version',
  'workload',
  'entries',
  'status',
  'source',
] as const;

/** ` AND NOT (condition)`: an update trigger skips a column the update left as it was. */
function unless(condition: string | undefined): string {
  return condition === undefined ? '' : ` AND NOT (${condition})`;
}

/** One more run (or tag) with `value` in `facet`; a null value is not counted, as GROUP BY left it out. */
function add(facet: string, value: string, skip?: string): string {
  return `INSERT INTO run_facets (facet, value, count) SELECT '${facet}', ${value}, 1
      WHERE ${value} IS NOT NULL${unless(skip)}
      ON CONFLICT (facet, value) DO UPDATE SET count = count + 1;`;
}

/** One run (or tag) fewer; a value no run has any more leaves the facet. */
function remove(facet: string, value: string, skip?: string): string {
  return `UPDATE run_facets SET count = count - 1 WHERE facet = '${facet}' AND value = ${value}${unless(skip)};
    DELETE FROM run_facets WHERE facet = '${facet}' AND value = ${value} AND count <= 0;`;
}

/**
 * The migration that adds run_facets: the table (value untyped, so sizes stay integers), its
 * counts from the runs and tags already stored, and the triggers that keep them. Rebuilding the
 * runs or run_tags table drops their triggers: such a migration must create them again.
 */
export function facetCountsMigration(): string {
  const unchanged = (c: string) => `OLD.${c} IS NEW.${c}`;
  return `
  CREATE TABLE run_facets (
    facet TEXT NOT NULL,
    value NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (facet, value)
  ) WITHOUT ROWID;
  ${COUNTED.map(
    (c) => `INSERT INTO run_facets (facet, value, count)
    SELECT '${c}', ${c}, count(*) FROM runs WHERE ${c} IS NOT NULL GROUP BY ${c};`,
  ).join('\n  ')}
  INSERT INTO run_facets (facet, value, count) SELECT 'tag', tag, count(*) FROM run_tags GROUP BY tag;
  CREATE TRIGGER run_facets_insert AFTER INSERT ON runs BEGIN
    ${COUNTED.map((c) => add(c, `NEW.${c}`)).join('\n    ')}
  END;
  CREATE TRIGGER run_facets_delete AFTER DELETE ON runs BEGIN
    ${COUNTED.map((c) => remove(c, `OLD.${c}`)).join('\n    ')}
  END;
  CREATE TRIGGER run_facets_update AFTER UPDATE OF ${COUNTED.join(', ')} ON runs BEGIN
    ${COUNTED.map((c) => `${remove(c, `OLD.${c}`, unchanged(c))}\n    ${add(c, `NEW.${c}`, unchanged(c))}`).join('\n    ')}
  END;
  CREATE TRIGGER run_facets_tag AFTER INSERT ON run_tags BEGIN
    ${add('tag', 'NEW.tag')}
  END;
  CREATE TRIGGER run_facets_untag AFTER DELETE ON run_tags BEGIN
    ${remove('tag', 'OLD.tag')}
  END;
  `;
}

/** Names of the facets in run_facets, by the history filter field they serve. */
const FACET_OF = {
  targetNames: 'target_name',
  vendors: 'server_vendor',
  serverVersions: 'server_version',
  workloads: 'workload',
  entries: 'entries',
  statuses: 'status',
  tags: 'tag',
  sources: 'source',
} as const;

/** Every value each history filter can take, with the number of runs having it, most first. */
export function facets(db: Db): HistoryFacets {
  const rows = db
    .prepare('SELECT facet, value, count FROM run_facets ORDER BY facet, count DESC, value')
    .all() as { facet: string; value: string | number; count: number }[];
  const of = <T extends string | number>(facet: string): FacetValue<T>[] =>
    rows.filter((r) => r.facet === facet).map((r) => ({ value: r.value as T, count: r.count }));
  const statuses = of<RunStatus>(FACET_OF.statuses);
  return {
    targetNames: of<string>(FACET_OF.targetNames),
    vendors: of<string>(FACET_OF.vendors),
    serverVersions: of<string>(FACET_OF.serverVersions),
    workloads: of<string>(FACET_OF.workloads),
    entries: of<number>(FACET_OF.entries),
    statuses,
    tags: of<string>(FACET_OF.tags),
    sources: of<RunSource>(FACET_OF.sources),
    // Every run has a status: their counts add up to the number of runs.
    total: statuses.reduce((n, s) => n + s.count, 0),
  };
}
