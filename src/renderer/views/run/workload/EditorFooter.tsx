// The workload editor's footer: the user/NAME to save as, Cancel and Save.
import { InputField } from '../../../components/FieldControls.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Spinner } from '../../../components/Loading.tsx';

/** The name box (with its error, or what saving replaces) and the buttons; Enter saves when it can. */
export function EditorFooter({
  name,
  onName,
  id,
  nameOk,
  nameError,
  replaces,
  canSave,
  saving,
  onSave,
  onClose,
}: {
  name: string;
  onName: (name: string) => void;
  id: string;
  nameOk: boolean;
  nameError: string | undefined;
  replaces: boolean;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  return (
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
          onValue={onName}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && canSave) onSave();
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
        onClick={onSave}
        disabled={!canSave}
        data-testid="editor-save"
      >
        {saving ? <Spinner /> : <Icon name="check" size={14} />}
        {nameOk ? `Save as ${id}` : 'Save'}
      </button>
    </footer>
  );
}
