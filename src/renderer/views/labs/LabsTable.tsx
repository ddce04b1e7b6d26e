// The labs started on this host, newest first, with progress while loading and Stop while alive.
import { useState } from 'react';
import type { LabInfo, LabProgress } from '../../../shared/types.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LabRow } from './LabRow.tsx';
import { StopLabDialog } from './StopLabDialog.tsx';

/** Labs table; a confirmation guards Stop. */
export function LabsTable({
  labs,
  progress,
}: {
  labs: LabInfo[];
  progress: Record<string, LabProgress>;
}) {
  const [stopping, setStopping] = useState<LabInfo | null>(null);
  if (labs.length === 0) {
    return (
      <EmptyState icon="flask" title="No labs yet">
        Start a lab above: DirBench generates the entries, bulk loads them into a private slapd on a
        loopback port and adds it to your targets.
      </EmptyState>
    );
  }
  const sorted = [...labs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <div className="card table-card">
      <table className="table" aria-label="Labs">
        <thead>
          <tr>
            <th>Lab</th>
            <th>State</th>
            <th className="num">Entries</th>
            <th>URL</th>
            <th>Base DN</th>
            <th className="num">Load time</th>
            <th>Started</th>
            <th className="col-actions">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((lab) => (
            <LabRow key={lab.id} lab={lab} progress={progress[lab.id]} onStop={setStopping} />
          ))}
        </tbody>
      </table>
      {stopping && <StopLabDialog lab={stopping} onClose={() => setStopping(null)} />}
    </div>
  );
}
