// The compare panel's pickers of what is charted: which test, and which published figures overlay it.
import type { ReferenceTable } from '../../../shared/reference.ts';

/** The test charted (one of `workloads`, or '' for all of them); shown when there are several. */
export function TestPicker({
  workloads,
  value,
  onChange,
}: {
  workloads: readonly string[];
  value: string;
  onChange: (workload: string) => void;
}) {
  if (workloads.length <= 1) return null;
  return (
    <label className="compare-select">
      <span>Test</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid="compare-workload"
      >
        {workloads.map((w) => (
          <option key={w} value={w}>
            {w}
          </option>
        ))}
        <option value="">All tests</option>
      </select>
    </label>
  );
}

/** The published table overlaid ('' for none), among the `candidates` with this chart's axis and unit. */
export function OverlayPicker({
  candidates,
  value,
  onChange,
}: {
  candidates: readonly ReferenceTable[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <label className="compare-select">
      <span>Published figures</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={candidates.length === 0}
        title={
          candidates.length === 0
            ? 'No published table has this chart’s axis and unit'
            : 'Overlay a study’s published figures (other hardware)'
        }
      >
        <option value="">None</option>
        {candidates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.study.split(':')[0]} {t.table}: {t.title}
          </option>
        ))}
      </select>
    </label>
  );
}
