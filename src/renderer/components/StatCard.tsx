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
  tone,
  text,
}: {
  label: string;
  value: string;
  unit?: string;
  note?: ReactNode;
  testId?: string;
  emphasis?: boolean;
  /** Draws the card in the warning colours (a figure that needs attention). */
  tone?: 'warning';
  /** The value is words, not a number: smaller and allowed to wrap. */
  text?: boolean;
}) {
  const classes = [
    'stat-card',
    emphasis && 'stat-card-emphasis',
    tone && `stat-card-${tone}`,
    text && 'stat-card-text',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-tone={tone}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">
        <span data-testid={testId}>{value}</span>
        {unit && <span className="stat-unit">{unit}</span>}
      </div>
      {note && <div className="stat-note">{note}</div>}
    </div>
  );
}
