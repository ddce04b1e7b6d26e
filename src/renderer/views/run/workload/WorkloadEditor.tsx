// "Copy and edit": a workload definition as JSON with line numbers, checked live by the host, saved as user/NAME.
import { useRef, useState } from 'react';
import type { UIEvent } from 'react';
import { ApiError } from '../../../../shared/errors.ts';
import type { WorkloadSpec } from '../../../../shared/workload.ts';
import { useApi, useQuery } from '../../../api/useApi.ts';
import { ErrorPanel } from '../../../components/ErrorPanel.tsx';
import { InputField } from '../../../components/FieldControls.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { LoadingBlock, Spinner } from '../../../components/Loading.tsx';
import { Modal } from '../../../components/Modal.tsx';
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
  const gutterRef = useRef<HTMLDivElement | null>(null);

  const parsed = parseJsonWithLines(text);
  const id = `user/${name.trim()}`;
  const nameOk = SAVED_NAME.test(name.trim());
  // The check uses a placeholder id while the name is unusable, so the definition is still checked.
  const check = useWorkloadCheck(
    parsed.ok ? withId(parsed.value, nameOk ? id : 'user/draft') : undefined,
  );
  const checkError = check.state === 'invalid' ? check.error : null;
  const nameError = !nameOk
    ? name.trim() === ''
      ? 'Give the workload a name'
      : "Letters, digits, '.', '_' and '-' (at most 64), starting with a letter or digit"
    : checkError?.field === 'id'
      ? checkMessage(checkError)
      : saveError?.field === 'id'
        ? checkMessage(saveError)
        : undefined;
  const replaces = nameOk && savedIds.includes(id);
  const errorLine = !parsed.ok
    ? parsed.line
    : checkError?.field !== undefined && checkError.field !== 'id'
      ? lineOfPath(parsed.lines, checkError.field)
      : null;
  const lineCount = text.split('\n').length;
  const canSave = parsed.ok && nameOk && check.state === 'valid' && !saving;

  const syncGutter = (event: UIEvent<HTMLTextAreaElement>) => {
    if (gutterRef.current) gutterRef.current.scrollTop = event.currentTarget.scrollTop;
  };

  const goToLine = (line: number) => {
    const area = textRef.current;
    if (!area) return;
    const lines = text.split('\n');
    const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
    area.focus();
    area.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
    const lineHeight = 18;
    area.scrollTop = Math.max(0, (line - 4) * lineHeight);
  };

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
        <div className={errorLine !== null ? 'code-editor code-editor-invalid' : 'code-editor'}>
          <div className="code-gutter" ref={gutterRef} aria-hidden="true">
            {Array.from({ length: lineCount }, (_, i) => (
              <div key={i} className={i + 1 === errorLine ? 'code-line-error' : undefined}>
                {i + 1}
              </div>
            ))}
          </div>
          <textarea
            ref={textRef}
            className="code-text"
            aria-label="Workload definition (JSON)"
            spellCheck={false}
            autoComplete="off"
            wrap="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onScroll={syncGutter}
            aria-invalid={errorLine !== null}
            aria-describedby="editor-status"
          />
        </div>
        <EditorStatus
          parsed={parsed}
          check={check}
          errorLine={errorLine}
          saveError={saveError?.field === 'id' ? null : saveError}
          onGoToLine={goToLine}
        />
      </div>
      <footer className="modal-footer editor-footer">
        <div className="editor-name">
          <InputField
            id="editor-name"
            label="Save as"
            error={nameError}
            hint={replaces ? `Replaces your saved ${id}.` : undefined}
            className="mono"
            type="text"
            spellCheck={false}
            autoComplete="off"
            value={name}
            onValue={(text) => {
              setName(text);
              setSaveError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && canSave) void save();
            }}
            wrap={(input) => (
              <div className="input-prefixed">
                <span className="input-prefix mono">user/</span>
                {input}
              </div>
            )}
          />
        </div>
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void save()}
          disabled={!canSave}
          data-testid="editor-save"
        >
          {saving ? <Spinner /> : <Icon name="check" size={14} />}
          {nameOk ? `Save as ${id}` : 'Save'}
        </button>
      </footer>
    </>
  );
}
