// Stop actions the host may refuse with needs-confirmation (a broker agents use, an agent running
// a run): the first call goes unconfirmed; a refusal opens a dialog with the host's reason, whose
// button calls again confirmed. Other refusals are kept to show beside the actions.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

/** How the dialog asks. */
export interface ConfirmWording {
  title: string;
  confirmLabel: string;
  /** What the stop does, after the host's reason. */
  consequence: ReactNode;
  /** The heading of a refusal that is not a question ("Agent rack1 did not start"). */
  failure: string;
}

/** An action in progress, its dialog, and its last refusal. */
export interface ConfirmedAction {
  /** Runs `call(false)`; on needs-confirmation asks with `wording`, then runs `call(true)`. */
  run(key: string, wording: ConfirmWording, call: (confirmed: boolean) => Promise<unknown>): void;
  /** The key of the action being sent, until the host answers the first call. */
  busy: string | null;
  /** The last refusal that was not a question: its heading and message. */
  error: { title: string; message: string } | null;
  /** The dialog while one is open. */
  dialog: ReactNode;
}

/** Actions that ask before they stop something in use. */
export function useConfirmedAction(): ConfirmedAction {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<ConfirmedAction['error']>(null);
  const [asking, setAsking] = useState<{
    wording: ConfirmWording;
    reason: string;
    confirm: () => Promise<unknown>;
  } | null>(null);

  const run: ConfirmedAction['run'] = (key, wording, call) => {
    setBusy(key);
    setError(null);
    call(false).then(
      () => setBusy(null),
      (err: unknown) => {
        setBusy(null);
        const refusal = err instanceof ApiError ? err : ApiError.fromBody(err);
        if (refusal.code === 'needs-confirmation')
          setAsking({
            wording,
            reason: refusal.detail ?? refusal.message,
            confirm: () => call(true),
          });
        else setError({ title: wording.failure, message: refusal.message });
      },
    );
  };

  const close = (): void => setAsking(null);
  const dialog = asking && (
    <ConfirmDialog
      title={asking.wording.title}
      confirmLabel={asking.wording.confirmLabel}
      action={asking.confirm}
      onDone={close}
      onCancel={close}
    >
      <p data-testid="confirm-reason">
        {asking.reason.charAt(0).toUpperCase() + asking.reason.slice(1)}.
      </p>
      <p className="muted">{asking.wording.consequence}</p>
    </ConfirmDialog>
  );
  return { run, busy, error, dialog };
}
