// The history screen's dialogs: annotate a run, import results, delete the selected runs.
import type { RunListItem } from '../../../shared/types.ts';
import { useApi } from '../../api/useApi.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AnnotateDialog } from './AnnotateDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';

/** Which dialog is open, if any. */
export type HistoryDialog =
  { kind: 'import' } | { kind: 'delete' } | { kind: 'edit'; run: RunListItem } | null;

/** The open dialog; `onImported` gets the imported run's id, `onDeleted` follows a delete. */
export function HistoryDialogs({
  dialog,
  chosen,
  onClose,
  onImported,
  onDeleted,
}: {
  dialog: HistoryDialog;
  chosen: string[];
  onClose: () => void;
  onImported: (runId: string) => void;
  onDeleted: () => void;
}) {
  const api = useApi();
  const runs = `${chosen.length} run${chosen.length === 1 ? '' : 's'}`;
  if (dialog?.kind === 'edit')
    return <AnnotateDialog run={dialog.run} onDone={onClose} onCancel={onClose} />;
  if (dialog?.kind === 'import') return <ImportDialog onImported={onImported} onCancel={onClose} />;
  if (dialog?.kind !== 'delete') return null;
  return (
    <ConfirmDialog
      title={`Delete ${runs}?`}
      confirmLabel={`Delete ${runs}`}
      action={() => api.call('history/delete', { runIds: chosen })}
      onDone={onDeleted}
      onCancel={onClose}
    >
      <p>
        {chosen.length === 1 ? 'This run' : `These ${chosen.length} runs`} and all their per-second
        samples, notes and tags will be removed from the database. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
