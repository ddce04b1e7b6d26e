// Confirms and performs `lab/destroy`: the lab stops and its files are deleted.
import type { LabInfo } from '../../../shared/labTypes.ts';
import { useApi } from '../../api/useApi.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatInt } from '../../format/numbers.ts';
import { LAB_KINDS } from '../../../shared/labKinds.ts';

/** "Destroy lab X?": says what goes (server, database, LDIF, password file) and what stays (runs). */
export function DestroyLabDialog({
  lab,
  onClose,
  onDestroyed,
}: {
  lab: LabInfo;
  onClose: () => void;
  onDestroyed: () => void;
}) {
  const api = useApi();
  const alive = lab.state === 'running' || lab.state === 'loading' || lab.state === 'starting';
  return (
    <ConfirmDialog
      title="Destroy lab"
      confirmLabel="Destroy lab"
      action={() => api.call('lab/destroy', { id: lab.id })}
      onDone={() => {
        onDestroyed();
        onClose();
      }}
      onCancel={onClose}
    >
      <p>
        Destroy the {LAB_KINDS[lab.kind].title} lab <code>{lab.id}</code> with{' '}
        {formatInt(lab.entries)} entries?
        {alive && ' Its server is stopped and its target removed.'} The lab&apos;s files are
        deleted: its database, configuration, logs and password file in
      </p>
      <p className="dialog-path">
        <code>{lab.dataDir}</code>
      </p>
      <p className="muted">Stored runs against it are kept. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
