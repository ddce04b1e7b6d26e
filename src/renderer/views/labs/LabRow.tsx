// One lab: state, size, address, load time; a second row for progress or the failure.
import type { LabInfo, LabProgress } from '../../../shared/types.ts';
import { Icon } from '../../components/Icon.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { formatInt, formatSeconds } from '../../format/numbers.ts';
import { LabProgressLine } from './LabProgressLine.tsx';

const ALIVE = new Set<LabInfo['state']>(['loading', 'starting', 'running']);

/** A lab row with its Stop button while the lab is alive. */
export function LabRow({
  lab,
  progress,
  onStop,
}: {
  lab: LabInfo;
  progress: LabProgress | undefined;
  onStop: (lab: LabInfo) => void;
}) {
  const loading = lab.state === 'loading' || lab.state === 'starting';
  return (
    <>
      <tr
        data-testid="lab-row"
        data-lab-id={lab.id}
        data-state={lab.state}
        className={ALIVE.has(lab.state) ? '' : 'row-dim'}
      >
        <td>
          <span className="cell-title">OpenLDAP</span>
          <span className="muted mono small"> {lab.id}</span>
        </td>
        <td>
          <StatusBadge status={lab.state} />
        </td>
        <td className="num">{formatInt(lab.entries)}</td>
        <td className="mono">
          {lab.state === 'running' ? lab.url : <span className="muted">{lab.url || '—'}</span>}
        </td>
        <td className="mono truncate" title={lab.baseDn}>
          {lab.baseDn}
        </td>
        <td className="num">
          {lab.loadS === null ? <span className="muted">—</span> : formatSeconds(lab.loadS)}
        </td>
        <td className="nowrap">{formatDateTime(lab.createdAt)}</td>
        <td className="col-actions">
          {ALIVE.has(lab.state) && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => onStop(lab)}
              aria-label={`Stop lab ${lab.id}`}
            >
              <Icon name="stop" size={14} />
              Stop
            </button>
          )}
        </td>
      </tr>
      {loading && progress && (
        <tr className="detail-row">
          <td colSpan={8}>
            <LabProgressLine progress={progress} />
          </td>
        </tr>
      )}
      {lab.state === 'failed' && lab.error && (
        <tr className="detail-row">
          <td colSpan={8} className="detail-error">
            {lab.error}
          </td>
        </tr>
      )}
    </>
  );
}
