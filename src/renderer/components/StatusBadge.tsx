// Coloured pills for run and lab states, so a table reads at a glance.
import type { LabState } from '../../shared/labTypes.ts';
import type { RunStatus } from '../../shared/types.ts';

const TONE: Record<RunStatus | LabState, string> = {
  preparing: 'neutral',
  running: 'info',
  completed: 'success',
  stopped: 'warning',
  failed: 'danger',
  interrupted: 'danger',
  loading: 'info',
  starting: 'info',
};

/** A pill naming a run or lab state; active states pulse. */
export function StatusBadge({ status }: { status: RunStatus | LabState }) {
  const active =
    status === 'running' || status === 'preparing' || status === 'loading' || status === 'starting';
  return (
    <span className={`badge badge-${TONE[status]}`} data-status={status}>
      {active && <span className="badge-dot" aria-hidden="true" />}
      {status}
    </span>
  );
}
