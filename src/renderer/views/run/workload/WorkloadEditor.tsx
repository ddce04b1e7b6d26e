// "Copy and edit": a workload definition as JSON with line numbers, checked live by the host, saved as user/NAME.
import { useRef, useState } from 'react';
import { ApiError } from '../../../../shared/errors.ts';
import type { WorkloadSpec } from '../../../../shared/workload.ts';
import { useApi, useQuery } from '../../../api/useApi.ts';
import { ErrorPanel } from '../../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../../components/Loading.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { CodeEditor, selectLine } from './CodeEditor.tsx';
import { EditorFooter } from './EditorFooter.tsx';
import { lineOfPath, parseJsonWithLines } from './jsonLines.ts';
import { EditorStatus } from './EditorStatus.tsx';
import { useWorkloadCheck } from './useWorkloadCheck.ts';
import { checkMessage } from './customOperation.ts';
import { SAVED_NAME, suggestedName } from './workloadGroups.ts';

/** The definition without its id (the name field gives the saved id), pretty-printed. */
function definitionText(spec: WorkloadSpec, copy: boolean): string {
  const { id: _id, ...rest } = spec;
  const edited = copy ? { ...rest, title: `${rest.title} (copy)` } : rest;
  return `${JSON.stringify(edited, null, 2)}\n`;
}

function withId(value: unknown, id: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return { ...value, id };
}

/** Opens `sourceId`'s definition for editing; `onSaved` gets the saved id. */
export function WorkloadEditor({
  sourceId,
  savedIds,
  onClose,
  onSaved,
}: {
  sourceId: string;
  /** Ids of the saved workloads, to say when saving replaces one. */
  savedIds: readonly string[];
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const source = useQuery(`workload:${sourceId}`, (api) =>
    api.call('workloads/get', { id: sourceId }),
  );
  const copy = !sourceId.startsWith('user/');
  return (
    <Modal
      title={copy ? `Copy and edit ${sourceId}` : `Edit ${sourceId}`}
      onClose={onClose}
      className="modal-editor"
    >
      {source.error && (
        <div className="modal-body">
          <ErrorPanel
            title="Could not load the definition"
            message={source.error.message}
            onRetry={source.reload}
          />
        </div>
      )}
      {!source.data && !source.error && <LoadingBlock label="Loading the definition" />}
      {source.data && (
        <EditorBody
          initialText={definitionText(source.data, copy)}
          initialName={suggestedName(sourceId)}
          savedIds={savedIds}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

/** Why the name cannot be saved: unusable, or the host's check or save refused its id. */
function nameErrorOf(
  name: string,
  checkError: ApiError | null,
  saveError: ApiError | null,
): string | undefined {
  if (!SAVED_NAME.test(name.trim()))
    return name.trim() === ''
      ? 'Give the workload a name'
      : "Letters, digits, '.', '_' and '-' (at most 64), starting with a letter or digit";
  if (checkError?.field === 'id') return checkMessage(checkError);
  if (saveError?.field === 'id') return checkMessage(saveError);
  return undefined;
}

/** The line at fault: where the JSON does not parse, or where the field the check names is. */
function errorLineOf(
  parsed: ReturnType<typeof parseJsonWithLines>,
  checkError: ApiError | null,
): number | null {
  if (!parsed.ok) return parsed.line;
  if (checkError?.field === undefined || checkError.field === 'id') return null;
  return lineOfPath(parsed.lines, checkError.field);
}

function EditorBody({
  initialText,
  initialName,
  savedIds,
  onClose,
  onSaved,
}: {
  initialText: string;
  initialName: string;
  savedIds: readonly string[];
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const api = useApi();
  const [text, setText] = useState(initialText);
  const [name, setName] = useState(initialName);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const textRef = useRef<HTMLTextAreaElement | null>(null);

  const parsed = parseJsonWithLines(text);
  const id = `user/${name.trim()}`;
  const nameOk = SAVED_NAME.test(name.trim());
  // The check uses a placeholder id while the name is unusable, so the definition is still checked.
  const check = useWorkloadCheck(
    parsed.ok ? withId(parsed.value, nameOk ? id : 'user/draft') : undefined,
  );
  const checkError = check.state === 'invalid' ? check.error : null;
  const errorLine = errorLineOf(parsed, checkError);
  const canSave = parsed.ok && nameOk && check.state === 'valid' && !saving;

  const save = async () => {
    if (!parsed.ok) return;
    setSaving(true);
    setSaveError(null);
    try {
      const item = await api.call('workloads/save', {
        spec: withId(parsed.value, id) as WorkloadSpec,
      });
      onSaved(item.id);
    } catch (err) {
      setSaveError(err instanceof ApiError ? err : ApiError.fromBody(err));
      setSaving(false);
    }
  };

  return (
    <>
      <div className="modal-body editor-body">
        <p className="muted">
          The definition as JSON, checked as you type. Its id is <code>user/NAME</code> from the
          name below; runs store the definition they used, so editing never changes past results.
        </p>
        <CodeEditor text={text} onText={setText} errorLine={errorLine} textRef={textRef} />
        <EditorStatus
          parsed={parsed}
          check={check}
          errorLine={errorLine}
          saveError={saveError?.field === 'id' ? null : saveError}
          onGoToLine={(line) => {
            if (textRef.current) selectLine(textRef.current, line);
          }}
        />
      </div>
      <EditorFooter
        name={name}
        onName={(text) => {
          setName(text);
          setSaveError(null);
        }}
        id={id}
        nameOk={nameOk}
        nameError={nameErrorOf(name, checkError, saveError)}
        replaces={nameOk && savedIds.includes(id)}
        canSave={canSave}
        saving={saving}
        onSave={() => void save()}
        onClose={onClose}
      />
    </>
  );
}
