// A segmented choice built from native radios: arrow keys move the choice, Tab leaves the group.
import type { ReactNode } from 'react';
import { FieldNote } from './Field.tsx';

/** One choice; `disabled` greys it out and `title` says why. */
export interface Segment<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
  title?: string;
}

/** A fieldset with its legend and a row of radio segments; `error`/`hint` show below, linked for screen readers. */
export function RadioSegments<V extends string>({
  id,
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
  hint,
  error,
  className,
}: {
  id: string;
  legend: ReactNode;
  name: string;
  value: V;
  options: readonly Segment<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <fieldset
      className={['radio-segments', error && 'field-invalid', className].filter(Boolean).join(' ')}
      id={id}
      data-field={id}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      <div className="segmented choice-row">
        {options.map((option) => (
          <label
            key={option.value}
            className="choice"
            title={option.title}
            data-value={option.value}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldNote id={id} error={error} hint={hint} />
    </fieldset>
  );
}
