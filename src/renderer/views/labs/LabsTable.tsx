// The labs started on this host, newest first, with progress while loading, Stop while alive and Destroy.
import { useState } from 'react';
import type { LabInfo } from '../../../shared/labTypes.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { DestroyLabDialog } from './DestroyLabDialog.tsx';
import { LabRow } from './LabRow.tsx';
import { StopLabDialog } from './StopLabDialog.tsx';
import type { LabProgressMap } from './labProgress.ts';

/** Labs table; confirmations guard Stop and Destroy. */
export function LabsTable({
  labs,
  progress,
  onChanged,
}: {
  labs: LabInfo[];
  progress: LabProgressMap;
  /** Called after a destroy, which removes the lab without a `lab/changed` event. */
  onChanged: () => void;
}) {
  const [stopping, setStopping] = useState<LabInfo | null>(null);
  const [destroying, setDestroying] = useState<LabInfo | null>(null);
  if (labs.length === 0) {
    return (
      <EmptyState icon="flask" title="No labs yet">
        Start a lab above: DirBench generates the entries, loads them into a private server on a
        loopback port and adds it to your targets.
      </EmptyState>
    );
  }
  const sorted = [...labs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <div className="card table-card">
      <table className="table labs-table" aria-label="Labs">
        <thead>
          <tr>
            <th>Server</th>
            <th>State</th>
            <th className="num">Entries</th>
            <th>Index profile · shape</th>
            <th>Load</th>
            <th>URL</th>
            <th className="col-actions">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((lab) => (
            <LabRow
              key={lab.id}
              lab={lab}
              progress={progress[lab.id]}
              onStop={setStopping}
              onDestroy={setDestroying}
            />
          ))}
        </tbody>
      </table>
      {stopping && <StopLabDialog lab={stopping} onClose={() => setStopping(null)} />}
      {destroying && (
        <DestroyLabDialog
          lab={destroying}
          onClose={() => setDestroying(null)}
          onDestroyed={onChanged}
        />
      )}
    </div>
  );
}
