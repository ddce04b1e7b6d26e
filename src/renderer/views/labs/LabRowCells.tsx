// The cells of a lab row that carry more than one fact: server, address and the row's actions.
import type { LabInfo } from '../../../shared/labTypes.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { labTargetUrl, labTitle, startedShort, tlsLabel } from './labFacts.ts';

/** The details toggle, the server and version, the lab's id and when it started. */
export function LabServerCell({
  lab,
  open,
  detailsId,
  onToggle,
}: {
  lab: LabInfo;
  open: boolean;
  detailsId: string;
  onToggle: () => void;
}) {
  return (
    <td>
      <div className="lab-cell-server">
        <button
          type="button"
          className="btn-expand"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          aria-label={`Details of lab ${lab.id}`}
          title={open ? 'Hide details' : 'Bind DN, password file, indexes, times'}
          onClick={onToggle}
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
  );
}

/** The lab's LDAP URL with its TLS mode and how many replicas it has. */
export function LabAddressCell({ lab }: { lab: LabInfo }) {
  const tls = tlsLabel(lab);
  const replicas = lab.replicas?.length ?? 0;
  return (
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
  );
}

/** Stop (or Cancel while it builds) when the lab is alive, and Destroy. */
export function LabActionsCell({
  lab,
  alive,
  onStop,
  onDestroy,
}: {
  lab: LabInfo;
  alive: boolean;
  onStop: (lab: LabInfo) => void;
  onDestroy: (lab: LabInfo) => void;
}) {
  return (
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
  );
}
