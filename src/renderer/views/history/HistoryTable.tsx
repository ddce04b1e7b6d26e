// The runs table: a checkbox per row, the server, tags and where imported runs came from,
// right-aligned figures with units, status badges; a row opens the run's detail.
import type { RunListItem } from '../../../shared/types.ts';
import { num, TableCard, withUnit } from '../../components/TableCard.tsx';
import { HistoryRow } from './HistoryRow.tsx';

/** The heading's checkbox: ticks every shown run, or clears them; half-ticked when only some are. */
function SelectAllBox({
  runs,
  selected,
  onSelect,
}: {
  runs: RunListItem[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
}) {
  const allOn = runs.length > 0 && runs.every((r) => selected.has(r.id));
  const someOn = runs.some((r) => selected.has(r.id));
  return (
    <input
      type="checkbox"
      className="checkbox"
      aria-label="Select all shown runs"
      checked={allOn}
      ref={(el) => {
        if (el) el.indeterminate = someOn && !allOn;
      }}
      onChange={(e) =>
        onSelect(
          runs.map((r) => r.id),
          e.target.checked,
        )
      }
    />
  );
}

/** Table of runs (already newest first) with row selection and a notes/tags button per row. */
export function HistoryTable({
  runs,
  selected,
  onSelect,
  onEdit,
}: {
  runs: RunListItem[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onEdit: (run: RunListItem) => void;
}) {
  return (
    <TableCard
      tableClassName="table table-clickable history-table"
      label="Runs"
      columns={[
        {
          label: <SelectAllBox runs={runs} selected={selected} onSelect={onSelect} />,
          className: 'col-check',
        },
        'Date',
        'Target and server',
        'Workload',
        num('Entries'),
        num('Conn × depth'),
        num('Ops/sec'),
        num(withUnit('p99', 'ms')),
        'Status',
        'Tags',
      ]}
    >
      {runs.map((run) => (
        <HistoryRow
          key={run.id}
          run={run}
          selected={selected.has(run.id)}
          onSelect={onSelect}
          onEdit={onEdit}
        />
      ))}
    </TableCard>
  );
}
