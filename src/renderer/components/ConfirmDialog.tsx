// "Are you sure?" for destructive actions, with the action's own error shown in place.
import type { ReactNode } from 'react';
import { Spinner } from './Loading.tsx';
import { Modal } from './Modal.tsx';

/** A modal that runs `onConfirm` and stays open with the error if it fails. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="modal-body">
        {children}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <footer className="modal-footer">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={onConfirm}
          disabled={busy}
          autoFocus
        >
          {busy && <Spinner />}
          {confirmLabel}
        </button>
      </footer>
    </Modal>
  );
}
