// A labelled form field with its hint and its validation message, wired for screen readers.
import type { ReactNode } from 'react';

/** Label + control + hint/error; `id` must be the control's id. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'field field-invalid' : 'field'} data-field={id}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : (
        hint && (
          <p className="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** A validation message; lines after the first (a parser's caret under the bad text) keep their columns. */
function FieldError({ id, message }: { id: string; message: string }) {
  const [first, ...rest] = message.split('\n');
  if (rest.length === 0) {
    return (
      <p className="field-error" id={id} role="alert">
        {message}
      </p>
    );
  }
  return (
    <div className="field-error" id={id} role="alert">
      {first}
      <pre className="field-error-detail">{rest.join('\n')}</pre>
    </div>
  );
}

/** aria attributes linking a control to its Field's message. */
export function describedBy(
  id: string,
  error: string | undefined,
  hint: boolean,
): Record<string, string | boolean> {
  if (error) return { 'aria-invalid': true, 'aria-describedby': `${id}-error` };
  return hint ? { 'aria-describedby': `${id}-hint` } : {};
}

/** The line under a group control: its error (announced) or else its hint. */
export function FieldNote({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  if (error) {
    return (
      <p className="field-error" id={`${id}-error`} role="alert">
        {error}
      </p>
    );
  }
  return hint ? (
    <p className="field-hint" id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
}
