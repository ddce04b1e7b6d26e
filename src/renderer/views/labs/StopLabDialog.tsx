// Confirms and performs `lab/stop`, or `lab/cancel` for a lab still starting.
import type { LabInfo } from '../../../shared/labTypes.ts';
import { useApi } from '../../api/useApi.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatInt } from '../../format/numbers.ts';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import { labTargetUrl } from './labFacts.ts';

/** "Stop lab X?" confirmation; closes once the host has stopped it. */
export function StopLabDialog({ lab, onClose }: { lab: LabInfo; onClose: () => void }) {
  const api = useApi();
  const starting = lab.state !== 'running';
  return (
    <ConfirmDialog
      title={starting ? 'Cancel lab' : 'Stop lab'}
      confirmLabel={starting ? 'Cancel lab' : 'Stop lab'}
      // A cancel that crosses the lab's ready leaves the lab running: the user asked to cancel a
      // start, not to stop a lab they may already be using.
      action={() => api.call(starting ? 'lab/cancel' : 'lab/stop', { id: lab.id })}
      onDone={onClose}
      onCancel={onClose}
    >
      <p>
        {starting ? 'Cancel' : 'Stop'} the {LAB_KINDS[lab.kind].title} lab with{' '}
        {formatInt(lab.entries)} entries at <code>{labTargetUrl(lab)}</code>? Its server process
        ends and its target can no longer be used for new runs. Stored runs are kept.
      </p>
    </ConfirmDialog>
  );
}
