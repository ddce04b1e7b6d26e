// Per-operation figures of a mix: from the summary when stored, else summed from the samples so far (live).
// Figures are looked up by label; rows follow the workload's label order, never the records' key order.
import { figuresOf, labelsInOrder } from '../../../shared/operationLabels.ts';
import type { LatencySummary, RunSample, RunSummary } from '../../../shared/types.ts';
import { workloadLabels } from '../../../shared/workload.ts';
import type { WorkloadSpec } from '../../../shared/workload.ts';

/** One operation label's row of the breakdown table. */
export interface OperationRow {
  label: string;
  /** The operation kind from the definition (null for derived labels such as `bind-invalid`). */
  kind: string | null;
  ops: number;
  /** Share of all completed operations, 0..1. */
  share: number;
  /** Share the definition's weights ask for, 0..1 (null for derived labels). */
  plannedShare: number | null;
  opsPerSec: number;
  errors: number;
  errorsByCode: Record<string, number>;
  entriesPerOp: number;
  latencyUs: LatencySummary | null;
}

/** The table's rows and whether latency is the last second's (live) rather than the measured phase's. */
export interface OperationBreakdown {
  rows: OperationRow[];
  latencyIsLastSecond: boolean;
}

function labelsInSamples(samples: readonly RunSample[]): Set<string> {
  const labels = new Set<string>();
  for (const s of samples) for (const label of Object.keys(s.operations ?? {})) labels.add(label);
  return labels;
}

function planned(spec: WorkloadSpec | undefined): Map<string, { kind: string; share: number }> {
  const ops = spec?.operations ?? [];
  const total = ops.reduce((sum, o) => sum + o.weight, 0);
  return new Map(
    ops.map((o) => [o.label, { kind: o.operation.kind, share: total > 0 ? o.weight / total : 0 }]),
  );
}

function addCodes(into: Record<string, number>, from: Record<string, number>): void {
  for (const [code, n] of Object.entries(from)) into[code] = (into[code] ?? 0) + n;
}

/** True when the run reports figures per operation label. */
export function hasOperations(samples: readonly RunSample[], summary: RunSummary | null): boolean {
  if (summary?.operations && Object.keys(summary.operations).length > 0) return true;
  return samples.some((s) => s.operations && Object.keys(s.operations).length > 0);
}

/** The breakdown of a stored run (summary) or of the seconds received so far (live). */
export function operationBreakdown(
  samples: readonly RunSample[],
  summary: RunSummary | null,
  spec: WorkloadSpec | undefined,
): OperationBreakdown {
  const plan = planned(spec);
  if (summary?.operations && Object.keys(summary.operations).length > 0) {
    const ops = summary.operations;
    const total = Object.values(ops).reduce((sum, o) => sum + o.ops, 0);
    const labels = orderLabels(spec, Object.keys(ops));
    return {
      latencyIsLastSecond: false,
      rows: labels.map((label) => {
        const o = figuresOf(ops, label);
        return {
          label,
          kind: plan.get(label)?.kind ?? null,
          ops: o?.ops ?? 0,
          share: total > 0 ? (o?.ops ?? 0) / total : 0,
          plannedShare: plan.get(label)?.share ?? null,
          opsPerSec: o?.opsPerSec ?? 0,
          errors: o?.errors ?? 0,
          errorsByCode: o?.errorsByCode ?? {},
          entriesPerOp: o?.entriesPerOp ?? 0,
          latencyUs: o?.latencyUs ?? null,
        };
      }),
    };
  }
  const measured = samples.filter((s) => s.phase === 'measured');
  const window = measured.length > 0 ? measured : samples;
  const ms = window.reduce((sum, s) => sum + s.intervalMs, 0);
  const labels = orderLabels(spec, labelsInSamples(window));
  const last = samples.at(-1);
  const sums = labels.map((label) => {
    const codes: Record<string, number> = {};
    let ops = 0;
    let errors = 0;
    let entries = 0;
    for (const s of window) {
      const o = figuresOf(s.operations, label);
      if (!o) continue;
      ops += o.ops;
      errors += o.errors;
      entries += o.entries;
      addCodes(codes, o.errorsByCode);
    }
    return { label, ops, errors, entries, codes };
  });
  const total = sums.reduce((sum, r) => sum + r.ops, 0);
  return {
    latencyIsLastSecond: true,
    rows: sums.map((r) => ({
      label: r.label,
      kind: plan.get(r.label)?.kind ?? null,
      ops: r.ops,
      share: total > 0 ? r.ops / total : 0,
      plannedShare: plan.get(r.label)?.share ?? null,
      opsPerSec: ms > 0 ? (r.ops * 1000) / ms : 0,
      errors: r.errors,
      errorsByCode: r.codes,
      entriesPerOp: r.ops > 0 ? r.entries / r.ops : 0,
      latencyUs: figuresOf(last?.operations, r.label)?.latencyUs ?? null,
    })),
  };
}

/** Labels in the definition's order (those present; `LABEL-invalid` after its bind), then the others sorted. */
function orderLabels(spec: WorkloadSpec | undefined, present: Iterable<string>): string[] {
  return labelsInOrder(spec === undefined ? [] : workloadLabels(spec), present);
}

/** Every label the run's samples or summary carry, in display order (for the chart's series). */
export function chartLabels(
  samples: readonly RunSample[],
  summary: RunSummary | null,
  spec: WorkloadSpec | undefined,
): string[] {
  const present = labelsInSamples(samples);
  for (const label of Object.keys(summary?.operations ?? {})) present.add(label);
  return orderLabels(spec, present);
}
