// A multiple choice as a row of toggle chips (aria-pressed buttons), with an optional box to add a value.
import { useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { FieldNote } from './Field.tsx';

/** One chip: its value, its text and an optional reason it cannot be picked. */
export interface Chip<V> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
  title?: string;
}

/** A fieldset of chips; `onAdd` shows a small input that parses a custom value (null: invalid). */
export function ChipToggles<V>({
  id,
  legend,
  chips,
  isOn,
  onToggle,
  onAdd,
  addLabel,
  hint,
  error,
}: {
  id: string;
  legend: ReactNode;
  chips: readonly Chip<V>[];
  isOn: (value: V) => boolean;
  onToggle: (value: V) => void;
  onAdd?: (text: string) => string | null;
  addLabel?: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const shownError = addError ?? error;
  const describedBy = shownError ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const add = () => {
    if (!onAdd || draft.trim() === '') return;
    const problem = onAdd(draft.trim());
    setAddError(problem);
    if (problem === null) setDraft('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the value instead of submitting the form around it.
    event.preventDefault();
    add();
  };
  return (
    <fieldset
      className={shownError ? 'chip-toggles field-invalid' : 'chip-toggles'}
      id={id}
      aria-describedby={describedBy}
    >
      <legend>{legend}</legend>
      <div className="chip-row">
        {chips.map((chip, i) => (
          <button
            key={i}
            type="button"
            className={isOn(chip.value) ? 'chip chip-on' : 'chip'}
            aria-pressed={isOn(chip.value)}
            disabled={chip.disabled}
            title={chip.title}
            onClick={() => onToggle(chip.value)}
          >
            {chip.label}
          </button>
        ))}
        {onAdd && (
          <span className="chip-add">
            <input
              type="text"
              inputMode="numeric"
              aria-label={addLabel ?? 'Add a value'}
              placeholder="Add…"
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setAddError(null);
              }}
              onKeyDown={onKey}
              onBlur={add}
            />
          </span>
        )}
      </div>
      <FieldNote id={id} error={shownError ?? undefined} hint={hint} />
    </fieldset>
  );
}
