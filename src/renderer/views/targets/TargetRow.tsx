// One target in the table, plus an expandable row with its connection test result.
import type { Target } from '../../../shared/targetTypes.ts';
import { GhostButton } from '../../components/GhostButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { ConnectionTestOutcome } from './ConnectionTestOutcome.tsx';
import { useConnectionTest } from './useConnectionTest.ts';

/** A target row with Test, Edit and Delete actions (lab targets link to their lab instead). */
export function TargetRow({
  target,
  onEdit,
  onDelete,
}: {
  target: Target;
  onEdit: (target: Target) => void;
  onDelete: (target: Target) => void;
}) {
  const test = useConnectionTest();
  const expanded = test.testing || test.result !== null || test.error !== null;
  return (
    <>
      <tr data-testid="target-row" data-target-id={target.id} data-target-name={target.name}>
        <td>
          <span className="cell-title">{target.name}</span>
          {target.labId && (
            <span className="tag tag-lab" title={`Managed lab ${target.labId}`}>
              lab
            </span>
          )}
        </td>
        <td className="mono">
          {target.url}
          {target.startTls && <span className="tag">StartTLS</span>}
          {!target.tlsVerify && (
            <span
              className="badge badge-warning"
              title="Trusts an unverified server certificate (recorded on every run)"
            >
              certificate not verified
            </span>
          )}
          {target.clientCertFile && (
            <span className="tag" title={target.clientCertFile}>
              client cert
            </span>
          )}
        </td>
        <td className="mono truncate" title={target.bindDn}>
          {target.bindDn || <span className="muted">anonymous</span>}
        </td>
        <td className="mono truncate" title={target.baseDn}>
          {target.baseDn}
        </td>
        <td className="col-actions">
          <div className="row-actions">
            <GhostButton
              icon={test.testing ? <Spinner /> : <Icon name="plug" />}
              onClick={() => void test.run({ id: target.id })}
              disabled={test.testing}
              aria-label={`Test connection to ${target.name}`}
            >
              Test
            </GhostButton>
            {target.labId ? (
              <a
                className="btn btn-ghost btn-sm"
                href="#/labs"
                title="Lab targets are managed by DirBench; stop the lab to remove it"
              >
                Manage lab
              </a>
            ) : (
              <>
                <GhostButton
                  icon={<Icon name="edit" />}
                  onClick={() => onEdit(target)}
                  aria-label={`Edit ${target.name}`}
                >
                  Edit
                </GhostButton>
                <GhostButton
                  icon={<Icon name="trash" />}
                  danger
                  onClick={() => onDelete(target)}
                  aria-label={`Delete ${target.name}`}
                />
              </>
            )}
          </div>
        </td>
      </tr>
      {expanded && (
        <tr className="detail-row">
          <td colSpan={5}>
            <div className="detail-row-body">
              <ConnectionTestOutcome test={test} />
              {!test.testing && <GhostButton onClick={test.clear}>Hide</GhostButton>}
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
