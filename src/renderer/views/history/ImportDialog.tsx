// "Import results": a peer tool's output file, its format and an optional target name, sent to
// import/run; parse errors (with their line and column) show next to the file field.
import { useState } from 'react';
import type { ImportFormat } from '../../../shared/exchange.ts';
import { ApiError } from '../../../shared/errors.ts';
import { useApi } from '../../api/useApi.ts';
import { describedBy, Field } from '../../components/Field.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { Modal } from '../../components/Modal.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';

const FORMATS = [
  { value: 'searchrate-csv', label: 'UnboundID searchrate --csv' },
  { value: 'opendj-csv', label: 'OpenDJ searchrate -S' },
] as const satisfies readonly { value: ImportFormat; label: string }[];

/** API fields mapped to this form's fields (`text` is the file's contents). */
const FORM_FIELD: Record<string, string> = { text: 'file', format: 'format', targetName: 'target' };

/** Imports one file; `onImported` gets the new run's id. */
export function ImportDialog({
  onImported,
  onCancel,
}: {
  onImported: (runId: string) => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const [format, setFormat] = useState<ImportFormat>('searchrate-csv');
  const [file, setFile] = useState<File | null>(null);
  const [targetName, setTargetName] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    if (!file) {
      setErrors({ file: 'Choose the file the tool wrote (its CSV output).' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const text = await file.text();
      const name = targetName.trim();
      const { runId } = await api.call('import/run', {
        format,
        fileName: file.name,
        text,
        ...(name ? { targetName: name } : {}),
      });
      onImported(runId);
    } catch (err) {
      const e = err instanceof ApiError ? err : ApiError.fromBody(err);
      setErrors({ [FORM_FIELD[e.field ?? ''] ?? 'file']: e.message });
      setBusy(false);
    }
  };
  return (
    <Modal title="Import results" onClose={onCancel} wide>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="modal-body">
          <p className="muted import-intro">
            Another tool&apos;s run, stored beside DirBench&apos;s own. Its throughput and mean
            latency per interval are kept as the tool printed them; these files hold no latency
            histograms, so only the percentiles the tool itself printed are shown. A file can also
            be dropped anywhere on the window; its format is then read from its header.
          </p>
          <RadioSegments
            id="import-format"
            legend="Format"
            name="import-format"
            value={format}
            options={FORMATS}
            onChange={setFormat}
            error={errors['format']}
          />
          <Field
            id="import-file"
            label="File"
            hint={
              format === 'searchrate-csv'
                ? 'What searchrate --csv printed (add --timestampFormat with-date to keep the times).'
                : 'What OpenDJ searchrate -S (--scriptFriendly) printed.'
            }
            error={errors['file']}
          >
            <input
              id="import-file"
              type="file"
              accept=".csv,.txt,.log,text/csv,text/plain"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              {...describedBy('import-file', errors['file'], true)}
            />
          </Field>
          <Field
            id="import-target"
            label={
              <>
                Target name <span className="label-optional">optional</span>
              </>
            }
            hint="The server the tool measured; defaults to the file's name."
            error={errors['target']}
          >
            <input
              id="import-target"
              value={targetName}
              onChange={(e) => setTargetName(e.target.value)}
              placeholder="e.g. dir1.example.com"
              {...describedBy('import-target', errors['target'], true)}
            />
          </Field>
        </div>
        <ModalFooter busy={busy} onCancel={onCancel} confirmLabel="Import" />
      </form>
    </Modal>
  );
}
