// The workload editor's status line: syntax error, save failure, invalid definition, valid, or checking.
import type { ReactNode } from 'react';
import type { ApiError } from '../../../../shared/errors.ts';
import { Icon } from '../../../components/Icon.tsx';
import { Spinner } from '../../../components/Loading.tsx';
import { percentText, sharesFromWeights } from '../../../components/MixBar.tsx';
import { checkMessage } from './customOperation.ts';
import type { JsonDocument, JsonSyntaxError } from './jsonLines.ts';
import type { WorkloadCheck } from './useWorkloadCheck.ts';

/** How a status reads: an error (announced at once), a success, or work under way. */
type Tone = 'error' | 'ok' | 'busy';

const TONES: Record<Tone, { className: string; role: 'alert' | 'status'; icon: ReactNode }> = {
  error: {
    className: 'editor-status editor-status-error',
    role: 'alert',
    icon: <Icon name="alert" size={14} />,
  },
  ok: {
    className: 'editor-status editor-status-ok',
    role: 'status',
    icon: <Icon name="check" size={14} />,
  },
  busy: { className: 'editor-status', role: 'status', icon: <Spinner /> },
};

/** The status box (`#editor-status`, which the textarea's aria-describedby names) with its icon. */
function StatusBox({
  tone,
  state,
  field,
  textClassName,
  children,
}: {
  tone: Tone;
  state: string;
  field?: string | undefined;
  textClassName?: string;
  children: ReactNode;
}) {
  const { className, role, icon } = TONES[tone];
  return (
    <div className={className} id="editor-status" data-state={state} data-field={field} role={role}>
      {icon}
      <div className={textClassName}>{children}</div>
    </div>
  );
}

/** Says what is wrong with the definition (with links to its line) or that it is valid. */
export function EditorStatus({
  parsed,
  check,
  errorLine,
  saveError,
  onGoToLine,
}: {
  parsed: JsonDocument | JsonSyntaxError;
  check: WorkloadCheck;
  errorLine: number | null;
  saveError: ApiError | null;
  onGoToLine: (line: number) => void;
}) {
  const lineLink = (line: number, text: string) => (
    <button type="button" className="link-button" onClick={() => onGoToLine(line)}>
      {text}
    </button>
  );
  if (!parsed.ok) {
    return (
      <StatusBox tone="error" state="syntax">
        <strong>Not valid JSON</strong> at{' '}
        {lineLink(parsed.line, `line ${parsed.line}, column ${parsed.column}`)}: {parsed.message}
      </StatusBox>
    );
  }
  if (saveError) {
    return (
      <StatusBox tone="error" state="save-failed">
        <strong>Not saved:</strong> {saveError.message}
      </StatusBox>
    );
  }
  if (check.state === 'invalid') {
    const field = check.error.field;
    const [first, ...rest] = (field ? checkMessage(check.error) : check.error.message).split('\n');
    return (
      <StatusBox tone="error" state="invalid" field={field} textClassName="editor-status-text">
        {field && field !== 'id' && (
          <>
            <code className="editor-path">{field}</code>
            {errorLine !== null && <> ({lineLink(errorLine, `line ${errorLine}`)})</>}:{' '}
          </>
        )}
        {first}
        {rest.length > 0 && <pre className="field-error-detail">{rest.join('\n')}</pre>}
      </StatusBox>
    );
  }
  if (check.state === 'valid') {
    const mix = sharesFromWeights(check.spec.operations);
    return (
      <StatusBox tone="ok" state="valid">
        <strong>Valid.</strong> {mix.length} operation{mix.length === 1 ? '' : 's'}:{' '}
        {mix.map((m) => `${m.label} ${percentText(m.percent)}`).join(', ')}
      </StatusBox>
    );
  }
  return (
    <StatusBox tone="busy" state="checking">
      Checking…
    </StatusBox>
  );
}
