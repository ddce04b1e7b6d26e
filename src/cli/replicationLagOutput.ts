// How `dirbench run` shows replication lag: text lines for the summary, fields for --json.
import type { RunSummary } from '../shared/types.ts';

/** One line per consumer (p50, p99, max), then one per consumer that stopped receiving. */
export function replicationLagLines(s: RunSummary): string[] {
  if (s.replicationLagMs === undefined && s.replicationLagErrors === undefined) return [];
  const lines = ['  replication lag ms:'];
  for (const [url, f] of Object.entries(s.replicationLagMs ?? {})) {
    const method = s.replicationLagMethods?.[url];
    const how =
      method === 'persistent search'
        ? 'persistent search'
        : `read every ${s.replicationLagResolutionMs ?? '?'} ms`;
    lines.push(`    ${url}  p50 ${f.p50}  p99 ${f.p99}  max ${f.max}  (${how})`);
  }
  for (const why of Object.values(s.replicationLagErrors ?? {})) lines.push(`    ERROR: ${why}`);
  return lines;
}

/** The replication fields of `run --json` (none when the run watched no replication). */
export function replicationLagJson(s: RunSummary | null): Partial<RunSummary> {
  if (s === null || (s.replicationLagMs === undefined && s.replicationLagErrors === undefined))
    return {};
  return {
    replicationLagMs: s.replicationLagMs ?? {},
    replicationLagResolutionMs: s.replicationLagResolutionMs ?? 0,
    replicationLagErrors: s.replicationLagErrors ?? {},
    replicationLagMethods: s.replicationLagMethods ?? {},
  };
}
