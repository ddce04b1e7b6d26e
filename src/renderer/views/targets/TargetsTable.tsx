// The list of saved targets; each row can test its connection and show the result beneath it.
import type { Target } from '../../../shared/targetTypes.ts';
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
    <div className="card table-card">
      <table className="table" aria-label="Targets">
        <thead>
          <tr>
            <th>Name</th>
            <th>URL</th>
            <th>Bind DN</th>
            <th>Base DN</th>
            <th className="col-actions">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {targets.map((target) => (
            <TargetRow key={target.id} target={target} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
