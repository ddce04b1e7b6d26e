// What became of the entries a run added (its pool and add operations): removed at the end, or left behind.
import type { RunSummary } from '../../../shared/types.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatInt } from '../../format/numbers.ts';

/** "Added 20,000 pool entries before load; removed 20,412 after; 0 left." */
export function ownEntriesText(own: NonNullable<RunSummary['ownEntries']>): string {
  const left = `${formatInt(own.left)} left`;
  if (own.poolAdded > 0) {
    return `Added ${formatInt(own.poolAdded)} pool entries before load; removed ${formatInt(own.removed)} after; ${left}.`;
  }
  return `Removed ${formatInt(own.removed)} entries the run added; ${left}.`;
}

/** A quiet note when everything was removed; a warning when entries the run added are still there. */
export function OwnEntriesNote({ summary }: { summary: RunSummary | null }) {
  const own = summary?.ownEntries;
  if (!own || (own.poolAdded === 0 && own.removed === 0 && own.left === 0)) return null;
  if (own.left > 0) {
    return (
      <div
        className="banner banner-warning"
        role="status"
        data-testid="own-entries"
        data-left={own.left}
      >
        <div className="banner-stack">
          <strong className="banner-title">
            <Icon name="alert" size={15} />
            {formatInt(own.left)} {own.left === 1 ? 'entry' : 'entries'} the run added{' '}
            {own.left === 1 ? 'is' : 'are'} still in the directory.
          </strong>
          <span className="banner-detail">
            {ownEntriesText(own)} Later runs on this directory see more entries than it had; remove
            them or reload the lab.
          </span>
        </div>
      </div>
    );
  }
  return (
    <p className="quiet-note" data-testid="own-entries" data-left={0}>
      <strong>Directory restored.</strong>
      <span>{ownEntriesText(own)}</span>
    </p>
  );
}
