// One lab: server and version, entries, indexes and shape, load, address and state; details on demand.
import { useState } from 'react';
import type { LabInfo } from '../../../shared/labTypes.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatInt } from '../../format/numbers.ts';
import { LabDetails } from './LabDetails.tsx';
import { loadMethodShort, loadTimeText, shapeLabel, stepTimesText } from './labFacts.ts';
import { LabActionsCell, LabAddressCell, LabServerCell } from './LabRowCells.tsx';
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
  const loadTime = loadTimeText(lab);
  const detailsId = `lab-details-${lab.id}`;
  const indexes = lab.indexes.filter((line) => line !== 'objectClass eq');
  return (
    <>
      <tr
        data-testid="lab-row"
        data-lab-id={lab.id}
        data-state={lab.state}
        data-kind={lab.kind}
        className={[alive ? '' : 'row-dim', open ? 'row-open' : ''].filter(Boolean).join(' ')}
      >
        <LabServerCell
          lab={lab}
          open={open}
          detailsId={detailsId}
          onToggle={() => setOpen((v) => !v)}
        />
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
        <LabAddressCell lab={lab} />
        <LabActionsCell lab={lab} alive={alive} onStop={onStop} onDestroy={onDestroy} />
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
