// Confirms and performs `lab/stop`.
import type { LabInfo } from '../../../shared/labTypes.ts';
import { useApi } from '../../api/useApi.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatInt } from '../../format/numbers.ts';
import { KIND_TEXT } from './labForm.ts';
import { labTargetUrl } from './labFacts.ts';

/** "Stop lab X?" confirmation; closes once the host has stopped it. */
export function StopLabDialog({ lab, onClose }: { lab: LabInfo; onClose: () => void }) {
  const api = useApi();
  const starting = lab.state !== 'running';
  return (
    <ConfirmDialog
      title={starting ? 'Cancel lab' : 'Stop lab'}
      confirmLabel={starting ? 'Cancel lab' : 'Stop lab'}
      action={() => api.call('lab/stop', { id: lab.id })}
      onDone={onClose}
      onCancel={onClose}
    >
      <p>
        {starting ? 'Cancel' : 'Stop'} the {KIND_TEXT[lab.kind].title} lab with{' '}
        {formatInt(lab.entries)} entries at <code>{labTargetUrl(lab)}</code>? Its server process
        ends and its target can no longer be used for new runs. Stored runs are kept.
      </p>
    </ConfirmDialog>
  );
}
