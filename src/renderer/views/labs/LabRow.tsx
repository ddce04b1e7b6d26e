// One lab: server and version, entries, indexes and shape, load, address and state; details on demand.
import { useState } from 'react';
import type { LabInfo } from '../../../shared/labTypes.ts';
import { Icon } from '../../components/Icon.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { formatInt } from '../../format/numbers.ts';
import { LabDetails } from './LabDetails.tsx';
import {
  labTargetUrl,
  labTitle,
  loadMethodShort,
  loadTimeText,
  shapeLabel,
  startedShort,
  stepTimesText,
  tlsLabel,
} from './labFacts.ts';
import { LabProgressLine } from './LabProgressLine.tsx';
import type { LabProgressState } from './labProgress.ts';

const ALIVE = new Set<LabInfo['state']>(['loading', 'starting', 'running']);
const COLUMNS = 7;

/** A lab row with a details toggle, Stop (while alive) and Destroy. */
export function LabRow({
  lab,
  progress,
  onStop,
  onDestroy,
}: {
  lab: LabInfo;
  progress: LabProgressState | undefined;
  onStop: (lab: LabInfo) => void;
  onDestroy: (lab: LabInfo) => void;
}) {
  const [open, setOpen] = useState(false);
  const loading = lab.state === 'loading' || lab.state === 'starting';
  const alive = ALIVE.has(lab.state);
  const tls = tlsLabel(lab);
  const loadTime = loadTimeText(lab);
  const detailsId = `lab-details-${lab.id}`;
  const indexes = lab.indexes.filter((line) => line !== 'objectClass eq');
  const replicas = lab.replicas?.length ?? 0;
  return (
    <>
      <tr
        data-testid="lab-row"
        data-lab-id={lab.id}
        data-state={lab.state}
        data-kind={lab.kind}
        className={[alive ? '' : 'row-dim', open ? 'row-open' : ''].filter(Boolean).join(' ')}
      >
        <td>
          <div className="lab-cell-server">
            <button
              type="button"
              className="btn-expand"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={`Details of lab ${lab.id}`}
              title={open ? 'Hide details' : 'Bind DN, password file, indexes, times'}
              onClick={() => setOpen((v) => !v)}
            >
              <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
            </button>
            <div>
              <span className="cell-title" data-testid="lab-version">
                {labTitle(lab)}
              </span>
              <span className="cell-sub" title={`Started ${formatDateTime(lab.createdAt)}`}>
                <span className="mono">{lab.id}</span> · {startedShort(lab.createdAt)}
              </span>
            </div>
          </div>
        </td>
        <td>
          <StatusBadge status={lab.state} />
        </td>
        <td className="num" data-testid="lab-entries">
          {formatInt(lab.verifiedEntries ?? lab.entries)}
          <span className="cell-sub">
            {lab.verifiedEntries === null ? 'requested' : 'verified'}
          </span>
        </td>
        <td data-testid="lab-profile" title={lab.indexes.join('\n')}>
          <span className="mono cell-main">{lab.indexProfile}</span>
          <span className="cell-sub truncate">
            {shapeLabel(lab.shape)} ·{' '}
            {indexes.length === 0 ? 'objectClass only' : indexes.join('; ')}
          </span>
        </td>
        <td data-testid="lab-load" title={stepTimesText(lab)}>
          <span className="cell-main">{loadMethodShort(lab)}</span>
          <span className="cell-sub nowrap">{loadTime ?? (loading ? 'loading…' : '—')}</span>
        </td>
        <td className="mono">
          <span className={lab.state === 'running' ? '' : 'muted'}>{labTargetUrl(lab) || '—'}</span>
          {tls && (
            <span className="tag tag-tls" data-testid="lab-tls">
              {tls}
            </span>
          )}
          {replicas > 0 && (
            <span
              className="tag tag-lab"
              data-testid="lab-replicas"
              title={(lab.replicas ?? []).map((r) => r.url).join('\n')}
            >
              +{replicas} replica{replicas === 1 ? '' : 's'}
            </span>
          )}
        </td>
        <td className="col-actions">
          <div className="row-actions">
            {alive && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => onStop(lab)}
                aria-label={`Stop lab ${lab.id}`}
              >
                <Icon name="stop" size={14} />
                {lab.state === 'running' ? 'Stop' : 'Cancel'}
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-ghost-danger"
              onClick={() => onDestroy(lab)}
              aria-label={`Destroy lab ${lab.id}`}
              title="Destroy: stop the lab and delete its files"
            >
              <Icon name="trash" size={14} />
            </button>
          </div>
        </td>
      </tr>
      {loading && progress && (
        <tr className="detail-row">
          <td colSpan={COLUMNS}>
            <LabProgressLine lab={lab} state={progress} />
          </td>
        </tr>
      )}
      {lab.state === 'failed' && lab.error && (
        <tr className="detail-row">
          <td colSpan={COLUMNS} className="detail-error">
            {lab.error}
          </td>
        </tr>
      )}
      {open && (
        <tr className="detail-row lab-details-cell">
          <td colSpan={COLUMNS}>
            <LabDetails lab={lab} id={detailsId} />
          </td>
        </tr>
      )}
    </>
  );
}
