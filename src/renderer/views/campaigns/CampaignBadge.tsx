// A pill naming a campaign's state, in the colours of run states.
import type { CampaignStatus, CellStatus } from '../../../shared/matrix.ts';

const TONE: Record<CampaignStatus | CellStatus, string> = {
  running: 'info',
  paused: 'warning',
  completed: 'success',
  cancelled: 'warning',
  failed: 'danger',
  interrupted: 'danger',
  pending: 'neutral',
  done: 'success',
};

/** A pill for a campaign or cell status; running ones pulse. */
export function CampaignBadge({ status }: { status: CampaignStatus | CellStatus }) {
  return (
    <span className={`badge badge-${TONE[status]}`} data-status={status}>
      {status === 'running' && <span className="badge-dot" aria-hidden="true" />}
      {status}
    </span>
  );
}
