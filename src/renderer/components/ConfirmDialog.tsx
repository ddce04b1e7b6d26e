// "Are you sure?" for destructive actions, with the action's own error shown in place.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Modal } from './Modal.tsx';
import { ModalFooter } from './ModalFooter.tsx';

/** A modal that runs `action`, closes through `onDone` when it succeeds, and stays open with the error if it fails. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  action,
  onDone,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  action: () => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
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
      <ModalFooter
        busy={busy}
        onCancel={onCancel}
        confirmLabel={confirmLabel}
        onConfirm={() => void confirm()}
        danger
      />
    </Modal>
  );
}
