// Notes and tags of one run, in a small dialog; the API's checks show next to the field at fault.
import { useState } from 'react';
import type { RunListItem } from '../../../shared/types.ts';
import { ApiError } from '../../../shared/errors.ts';
import { useApi } from '../../api/useApi.ts';
import { describedBy, Field } from '../../components/Field.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { Modal } from '../../components/Modal.tsx';

/** Tags as typed: comma-separated. */
function tagsOf(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** Edits a run's notes and tags; `onDone` gets the saved row. */
export function AnnotateDialog({
  run,
  onDone,
  onCancel,
}: {
  run: Pick<RunListItem, 'id' | 'targetName' | 'notes' | 'tags'>;
  onDone: (item: RunListItem) => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const [notes, setNotes] = useState(run.notes ?? '');
  const [tags, setTags] = useState(run.tags.join(', '));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: string | undefined; message: string } | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(await api.call('history/annotate', { runId: run.id, notes, tags: tagsOf(tags) }));
    } catch (err) {
      const e = err instanceof ApiError ? err : ApiError.fromBody(err);
      setError({ field: e.field, message: e.message });
      setBusy(false);
    }
  };
  const fieldError = (field: string): string | undefined =>
    error?.field === field ? error.message : undefined;
  const otherError =
    error && error.field !== 'tags' && error.field !== 'notes' ? error.message : null;
  return (
    <Modal title={`Notes and tags · ${run.targetName}`} onClose={onCancel}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="modal-body">
          <Field
            id="annotate-tags"
            label="Tags"
            hint="Separated by commas, e.g. baseline, indexed, kernel-6.1"
            error={fieldError('tags')}
          >
            <input
              id="annotate-tags"
              value={tags}
              onChange={(e) => setTags(e.target.value)}
              autoFocus
              {...describedBy('annotate-tags', fieldError('tags'), true)}
            />
          </Field>
          <Field id="annotate-notes" label="Notes" error={fieldError('notes')}>
            <textarea
              id="annotate-notes"
              rows={5}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              placeholder="What was special about this run: tuning, hardware, what it showed…"
              {...describedBy('annotate-notes', fieldError('notes'), false)}
            />
          </Field>
          {otherError && (
            <p className="field-error" role="alert">
              {otherError}
            </p>
          )}
        </div>
        <ModalFooter busy={busy} onCancel={onCancel} confirmLabel="Save" />
      </form>
    </Modal>
  );
}
