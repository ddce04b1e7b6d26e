// Confirms and performs `targets/delete`, keeping the dialog open with the error if it fails.
import type { Target } from '../../../shared/targetTypes.ts';
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
  return (
    <ConfirmDialog
      title="Delete target"
      confirmLabel="Delete target"
      action={() => api.call('targets/delete', { id: target.id })}
      onDone={onDone}
      onCancel={onCancel}
    >
      <p>
        Delete <strong>{target.name}</strong> ({target.url})? Runs already stored against it stay in
        the history.
      </p>
    </ConfirmDialog>
  );
}
