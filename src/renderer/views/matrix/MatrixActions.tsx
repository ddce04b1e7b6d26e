// The builder footer's buttons: Delete (saved user matrices), Export JSON, Save and Run matrix.
import type { MatrixSpec } from '../../../shared/matrix.ts';
import { useApi } from '../../api/useApi.ts';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton.tsx';
import { downloadFile } from '../../components/download.ts';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { exportableMatrix, matrixFileName } from './matrixDraft.ts';

/** The actions; Save and Run wait for a valid check, Run also for no campaign in progress. */
export function MatrixActions({
  spec,
  canAct,
  campaignActive,
  onSave,
  onDeleted,
}: {
  spec: MatrixSpec;
  canAct: boolean;
  campaignActive: boolean;
  onSave: () => void;
  onDeleted: () => void;
}) {
  const api = useApi();
  return (
    <>
      {spec.id?.startsWith('user/') && (
        <ConfirmDeleteButton
          title="Delete this matrix?"
          confirmLabel="Delete matrix"
          action={() => api.call('matrix/delete', { id: spec.id ?? '' })}
          onDone={onDeleted}
        >
          <p>
            {spec.id} is removed from the saved matrices. Campaigns already run from it and their
            runs are kept.
          </p>
        </ConfirmDeleteButton>
      )}
      <IconButton
        icon="download"
        iconSize={14}
        onClick={() =>
          downloadFile({
            fileName: matrixFileName(spec),
            mimeType: 'application/json',
            text: `${JSON.stringify(exportableMatrix(spec), null, 2)}\n`,
          })
        }
      >
        Export JSON
      </IconButton>
      <button type="button" className="btn btn-secondary" disabled={!canAct} onClick={onSave}>
        Save
      </button>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={!canAct || campaignActive}
        title={campaignActive ? 'A campaign is in progress: one at a time' : undefined}
      >
        <Icon name="play" size={14} /> Run matrix
      </button>
    </>
  );
}
