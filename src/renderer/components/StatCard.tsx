// A headline figure: label, big value with its unit, optional note.
import type { ReactNode } from 'react';

/** One summary figure; `testId` lets tests read the value text. */
export function StatCard({
  label,
  value,
  unit,
  note,
  testId,
  emphasis,
}: {
  label: string;
  value: string;
  unit?: string;
  note?: ReactNode;
  testId?: string;
  emphasis?: boolean;
}) {
  return (
    <div className={emphasis ? 'stat-card stat-card-emphasis' : 'stat-card'}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">
        <span data-testid={testId}>{value}</span>
        {unit && <span className="stat-unit">{unit}</span>}
      </div>
      {note && <div className="stat-note">{note}</div>}
    </div>
  );
}
