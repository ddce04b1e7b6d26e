// The yes asked before a matrix sends heavy load to a saved target that is not a DirBench lab.
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

/** The dialog naming the host's `reason`; `onConfirm` starts the campaign confirmed. */
export function MatrixLoadDialog({
  reason,
  onConfirm,
  onClose,
}: {
  reason: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="Send heavy load to a server DirBench does not manage?"
      confirmLabel="Run the matrix"
      action={onConfirm}
      onDone={onClose}
      onCancel={onClose}
    >
      <p data-testid="confirm-matrix-load">{reason}</p>
      <p>
        Saved targets that are not DirBench labs may serve other people. Run it only against a
        server you are allowed to load.
      </p>
    </ConfirmDialog>
  );
}
