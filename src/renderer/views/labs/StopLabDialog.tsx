// Confirms and performs `lab/stop`.
import type { LabInfo } from '../../../shared/types.ts';
import { useApi } from '../../api/useApi.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatInt } from '../../format/numbers.ts';

/** "Stop lab X?" confirmation; closes once the host has stopped it. */
export function StopLabDialog({ lab, onClose }: { lab: LabInfo; onClose: () => void }) {
  const api = useApi();
  return (
    <ConfirmDialog
      title="Stop lab"
      confirmLabel="Stop lab"
      action={() => api.call('lab/stop', { id: lab.id })}
      onDone={onClose}
      onCancel={onClose}
    >
      <p>
        Stop the OpenLDAP lab with {formatInt(lab.entries)} entries at <code>{lab.url}</code>? Its
        server process ends and its target can no longer be used for new runs. Stored runs are kept.
      </p>
    </ConfirmDialog>
  );
}
