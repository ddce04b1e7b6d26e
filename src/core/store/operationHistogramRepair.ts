// Migration step: puts per-operation histograms stored under the wrong label back under their own.
//
// Until labels travelled with the figures, each second's histograms were paired with the labels of
// `Object.keys(sample.operations)`, which lists integer-like labels ("1", "10") first: in a mix
// whose workload listed them later, histograms were stored under other labels. The same seconds'
// figures (ops and p50..mean per label, in detail_json) were stored under the right labels, so each
// histogram goes back to the label whose figures it reproduces. This is migration code: keep what it
// does as it is; a later fix is a new migration.
import type { LatencySummary, OperationSample } from '../../shared/types.ts';
import { decodeHistogram, summarize } from '../loadgen/histogram.ts';
// The handle's own type, not database.ts's Db: database.ts runs the migrations, so it imports this.
import type { Database as Db } from 'better-sqlite3';
import { operationHistogramsJson, parseOperationHistograms } from './operationHistograms.ts';

/** Largest array index + 1: keys below it are the ones JavaScript lists first. */
const ARRAY_INDEX_LIMIT = 2 ** 32 - 1;

/** True for the keys an object lists before all others ("0", "1", "10"; not "01"). */
function listedFirst(key: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < ARRAY_INDEX_LIMIT;
}

interface Fingerprint {
  count: number;
  latencyUs: LatencySummary;
}

function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  const keys = Object.keys(a.latencyUs) as (keyof LatencySummary)[];
  return a.count === b.count && keys.every((k) => a.latencyUs[k] === b.latencyUs[k]);
}

/**
 * The stored histograms re-keyed so each sits under the label whose figures it reproduces; null
 * when some label's figures match none of them (a histogram under the wrong label is worse than none).
 */
function repairedHistograms(
  stored: ReadonlyMap<string, string>,
  figures: Readonly<Record<string, OperationSample>>,
): Map<string, string> | null {
  const labels = [...stored.keys()];
  if (!labels.every((label) => Object.hasOwn(figures, label))) return null;
  const prints = new Map(
    labels.map((key): [string, Fingerprint] => {
      const h = decodeHistogram(stored.get(key) as string);
      return [key, { count: h.totalCount, latencyUs: summarize(h) }];
    }),
  );
  const wanted = (label: string): Fingerprint => {
    const f = figures[label] as OperationSample;
    return { count: f.ops, latencyUs: f.latencyUs };
  };
  const repaired = new Map<string, string>();
  const taken = new Set<string>();
  // A histogram that already fits its label stays there: indistinguishable ones are not swapped.
  for (const label of labels) {
    if (sameFingerprint(prints.get(label) as Fingerprint, wanted(label))) {
      repaired.set(label, stored.get(label) as string);
      taken.add(label);
    }
  }
  for (const label of labels) {
    if (repaired.has(label)) continue;
    const key = labels.find(
      (k) => !taken.has(k) && sameFingerprint(prints.get(k) as Fingerprint, wanted(label)),
    );
    if (key === undefined) return null;
    repaired.set(label, stored.get(key) as string);
    taken.add(key);
  }
  return repaired;
}

/** A second's per-label figures from its detail_json; none when it has no `operations`. */
function figuresOf(detailJson: string | null): Record<string, OperationSample> {
  const detail = detailJson === null ? null : (JSON.parse(detailJson) as unknown);
  const operations =
    typeof detail === 'object' && detail !== null && 'operations' in detail
      ? detail.operations
      : null;
  return typeof operations === 'object' && operations !== null
    ? (operations as Record<string, OperationSample>)
    : {};
}

/** The row's histograms under their own labels, null to clear them, or 'keep' (not mispairable, or unreadable). */
function repairRow(
  histogramsJson: string,
  detailJson: string | null,
): Map<string, string> | null | 'keep' {
  try {
    const stored = parseOperationHistograms(histogramsJson);
    if (![...stored.keys()].some(listedFirst)) return 'keep';
    return repairedHistograms(stored, figuresOf(detailJson));
  } catch {
    // Text that is not what DirBench wrote is not this repair's to judge.
    return 'keep';
  }
}

/**
 * Re-pairs every stored second whose labels include one JavaScript lists first; clears those whose
 * figures cannot vouch for them, and leaves text it cannot read as it is (it never fails the open).
 */
export function repairOperationHistograms(db: Db): void {
  // Only seconds with an all-digit label can have been mispaired; the rest are left untouched.
  const rows = db
    .prepare(
      `SELECT run_id, second, detail_json, operation_histograms_json FROM run_samples
       WHERE CASE WHEN json_valid(operation_histograms_json) THEN
         EXISTS (SELECT 1 FROM json_each(run_samples.operation_histograms_json)
                 WHERE key GLOB '[0-9]*' AND key NOT GLOB '*[^0-9]*')
       ELSE 0 END`,
    )
    .all() as {
    run_id: string;
    second: number;
    detail_json: string | null;
    operation_histograms_json: string;
  }[];
  const update = db.prepare(
    'UPDATE run_samples SET operation_histograms_json = ? WHERE run_id = ? AND second = ?',
  );
  for (const row of rows) {
    const repaired = repairRow(row.operation_histograms_json, row.detail_json);
    if (repaired === 'keep') continue;
    update.run(
      repaired === null ? null : operationHistogramsJson(repaired),
      row.run_id,
      row.second,
    );
  }
}
