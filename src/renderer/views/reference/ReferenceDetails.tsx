// Where a table's figures come from: source, hardware, what they measure and DirBench's matching test.
import type { ReferenceTable } from '../../../shared/reference.ts';

/** Source, hardware, metric, workload and the transcription notes of one table. */
export function ReferenceDetails({ table }: { table: ReferenceTable }) {
  const workloads = [
    ...new Set([table.workload, ...table.series.map((s) => s.workload)].filter((w) => w != null)),
  ];
  return (
    <dl className="reference-details" data-testid="reference-details">
      <dt>Source</dt>
      <dd>{table.source}</dd>
      <dt>Hardware</dt>
      <dd data-testid="reference-hardware">{table.hardware}</dd>
      <dt>Measures</dt>
      <dd>
        {table.metric} <span className="unit">({table.unit})</span>
      </dd>
      <dt>DirBench test</dt>
      <dd>
        {workloads.length === 0 ? (
          <span className="muted">No matching workload in the catalogs</span>
        ) : (
          workloads.map((w) => (
            <code key={w} className="reference-workload">
              {w}
            </code>
          ))
        )}
      </dd>
      {table.notes !== '' && (
        <>
          <dt>Notes</dt>
          <dd>{table.notes}</dd>
        </>
      )}
    </dl>
  );
}
