// The footer every simple dialog ends with: Cancel, then its one action, which spins while it runs.
import { Spinner } from './Loading.tsx';

/**
 * Cancel and the dialog's action. Without `onConfirm` the action submits the dialog's form; `danger`
 * colours it as destructive and gives it the focus, so Enter does not fire it by accident elsewhere.
 */
export function ModalFooter({
  busy,
  onCancel,
  confirmLabel,
  onConfirm,
  danger = false,
}: {
  busy: boolean;
  onCancel: () => void;
  confirmLabel: string;
  onConfirm?: () => void;
  danger?: boolean;
}) {
  return (
    <footer className="modal-footer">
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button
        type={onConfirm === undefined ? 'submit' : 'button'}
        className={danger ? 'btn btn-danger' : 'btn btn-primary'}
        onClick={onConfirm}
        disabled={busy}
        autoFocus={danger}
      >
        {busy && <Spinner />}
        {confirmLabel}
      </button>
    </footer>
  );
}
