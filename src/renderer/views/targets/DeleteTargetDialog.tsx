// Confirms and performs `targets/delete`, keeping the dialog open with the error if it fails.
import { useState } from 'react';
import type { Target } from '../../../shared/types.ts';
import { useApi } from '../../api/useApi.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

/** "Delete target X?" confirmation. */
export function DeleteTargetDialog({
  target,
  onDone,
  onCancel,
}: {
  target: Target;
  onDone: () => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.call('targets/delete', { id: target.id });
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title="Delete target"
      confirmLabel="Delete target"
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>
        Delete <strong>{target.name}</strong> ({target.url})? Runs already stored against it stay in
        the history.
      </p>
    </ConfirmDialog>
  );
}
