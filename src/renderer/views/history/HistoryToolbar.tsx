// The line above the history table: how many runs match, and what to do with the selected ones.
import type { HistoryFilter } from '../../../shared/history.ts';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { formatInt } from '../../format/numbers.ts';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { isEmptyFilter } from './historyFilter.ts';

/** "N runs" (or how many match), then Compare, Delete and Clear for the `chosen` runs. */
export function HistoryToolbar({
  filter,
  loaded,
  total,
  shownCount,
  more,
  limit,
  chosen,
  onDelete,
  onClear,
}: {
  filter: HistoryFilter;
  loaded: boolean;
  total: number;
  shownCount: number;
  more: boolean;
  limit: number;
  chosen: string[];
  onDelete: () => void;
  onClear: () => void;
}) {
  const matching = more ? `More than ${formatInt(limit)}` : formatInt(shownCount);
  return (
    <div className="history-toolbar" aria-live="polite">
      <span className="muted" data-testid="history-count">
        {!loaded
          ? 'Loading…'
          : isEmptyFilter(filter)
            ? `${formatInt(total)} runs`
            : `${matching} of ${formatInt(total)} runs match`}
      </span>
      {chosen.length > 0 && (
        <div className="history-selection" data-testid="history-selection">
          <strong>{chosen.length} selected</strong>
          <a
            className="btn btn-secondary btn-sm"
            href={routeHref({ name: 'compare', runIds: chosen })}
          >
            <Icon name="chart" size={14} />
            Compare
          </a>
          <IconButton icon="trash" iconSize={14} variant="ghost-danger" small onClick={onDelete}>
            Delete
          </IconButton>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
            Clear selection
          </button>
        </div>
      )}
    </div>
  );
}
