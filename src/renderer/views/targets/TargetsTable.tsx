// The list of saved targets; each row can test its connection and show the result beneath it.
import type { Target } from '../../../shared/targetTypes.ts';
import { TableCard } from '../../components/TableCard.tsx';
import { TargetRow } from './TargetRow.tsx';

/** Targets table with per-row actions. */
export function TargetsTable({
  targets,
  onEdit,
  onDelete,
}: {
  targets: Target[];
  onEdit: (target: Target) => void;
  onDelete: (target: Target) => void;
}) {
  return (
    <TableCard
      label="Targets"
      columns={[
        'Name',
        'URL',
        'Bind DN',
        'Base DN',
        { label: <span className="sr-only">Actions</span>, className: 'col-actions' },
      ]}
    >
      {targets.map((target) => (
        <TargetRow key={target.id} target={target} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </TableCard>
  );
}
