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
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
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

/** aria attributes linking a control to its Field's message. */
export function describedBy(
  id: string,
  error: string | undefined,
  hint: boolean,
): Record<string, string | boolean> {
  if (error) return { 'aria-invalid': true, 'aria-describedby': `${id}-error` };
  return hint ? { 'aria-describedby': `${id}-hint` } : {};
}
