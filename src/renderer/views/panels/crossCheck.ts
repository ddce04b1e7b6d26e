// The lab server's own operation counts beside the client's, by LDAP operation kind.
import type { RunSample, RunSummary } from '../../../shared/types.ts';
import { SERVER_COUNTERS } from '../../../shared/operations/traits.ts';
import { traitsOf } from '../../../shared/operations/registry.ts';
import type { WorkloadOperation, WorkloadSpec } from '../../../shared/workload.ts';

/** One operation kind: what the server counted, what the client completed, and why they may differ. */
export interface CrossCheckRow {
  kind: string;
  server: number;
  /** Null when the client sent no operation of this kind (or they cannot be told apart). */
  client: number | null;
  /** Why this kind is expected to differ, when it is. */
  note: string | null;
}

/** The whole cross-check. */
export interface CrossCheck {
  rows: CrossCheckRow[];
  /** The client's completed operations over the same window (all phases). */
  clientTotal: number;
  /** Relative gap |server - client| / client over the kinds that compare cleanly; null if none do. */
  gap: number | null;
}

const KIND_ORDER: readonly string[] = SERVER_COUNTERS;

/** The server counters an operation shows in (its row's `serverCounters`). */
function kindsOf(operation: WorkloadOperation): readonly string[] {
  return traitsOf(operation).serverCounters;
}

/**
 * Operations the client completed by kind over all phases (successes and errors), from the
 * samples; null when a label cannot be mapped to a kind.
 */
export function clientOperationsByKind(
  samples: readonly RunSample[],
  spec: WorkloadSpec | undefined,
): Record<string, number> | null {
  if (!spec || spec.operations.length === 0) return null;
  const byLabel = new Map(spec.operations.map((o) => [o.label, kindsOf(o.operation)]));
  const only = spec.operations.length === 1 ? spec.operations[0] : undefined;
  const single = only ? kindsOf(only.operation) : null;
  const counts: Record<string, number> = {};
  const add = (kinds: readonly string[], n: number) => {
    for (const k of kinds) counts[k] = (counts[k] ?? 0) + n;
  };
  for (const sample of samples) {
    if (single) {
      add(single, sample.ops + sample.errors);
      continue;
    }
    if (!sample.operations) return null;
    for (const [label, o] of Object.entries(sample.operations)) {
      // Binds sent with a wrong password on purpose are counted under LABEL-invalid.
      const kinds = byLabel.get(label) ?? byLabel.get(label.replace(/-invalid$/, ''));
      if (!kinds) return null;
      add(kinds, o.ops + o.errors);
    }
  }
  return counts;
}

function noteFor(kind: string, client: number | null, summary: RunSummary): string | null {
  if (kind === 'bind')
    return client === null ? "each connection's bind" : "plus each connection's bind";
  if (kind === 'unbind') return 'connections closing';
  if (kind === 'delete' && (summary.ownEntries?.removed ?? 0) > 0) {
    return client === null ? 'removing what the run added' : 'includes removing what the run added';
  }
  if (client === null) return 'not sent by the workload';
  return null;
}

/** The cross-check of a run whose summary carries the server's counts; null otherwise. */
export function serverCrossCheck(
  summary: RunSummary | null,
  samples: readonly RunSample[],
  spec: WorkloadSpec | undefined,
): CrossCheck | null {
  const served = summary?.serverOperations;
  if (!summary || !served) return null;
  const clientTotal =
    summary.clientOperationsAllPhases ?? samples.reduce((n, s) => n + s.ops + s.errors, 0);
  const byKind = clientOperationsByKind(samples, spec);
  const kinds = new Set([...Object.keys(served), ...Object.keys(byKind ?? {})]);
  const rank = (k: string) => {
    const i = KIND_ORDER.indexOf(k);
    return i < 0 ? KIND_ORDER.length : i;
  };
  const rows = [...kinds]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((kind) => {
      const client = byKind?.[kind] ?? null;
      return { kind, server: served[kind] ?? 0, client, note: noteFor(kind, client, summary) };
    })
    .filter((row) => row.server > 0 || (row.client ?? 0) > 0);
  const clean = rows.filter((r) => r.client !== null && r.note === null);
  const cleanClient = clean.reduce((n, r) => n + (r.client ?? 0), 0);
  const cleanServer = clean.reduce((n, r) => n + r.server, 0);
  const gap = cleanClient > 0 ? Math.abs(cleanServer - cleanClient) / cleanClient : null;
  return { rows, clientTotal, gap };
}
