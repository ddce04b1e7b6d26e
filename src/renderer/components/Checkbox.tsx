// A checkbox inside its label, alone or as the control of a labelled field.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './Field.tsx';
import { controlAria } from './FieldControls.tsx';
import type { FieldFrame } from './FieldControls.tsx';

/** A checkbox followed by its text; `onCheck` gets the new state, `title` explains it on hover. */
export function Checkbox({
  checked,
  onCheck,
  title,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'children'> & {
  checked: boolean;
  onCheck: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="checkbox" title={title}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onCheck(e.target.checked)}
        {...input}
      />
      {children}
    </label>
  );
}

/** A labelled field whose control is one checkbox; `text` follows the box. */
export function CheckboxField({
  text,
  checked,
  onCheck,
  ...frame
}: FieldFrame & { text: ReactNode; checked: boolean; onCheck: (checked: boolean) => void }) {
  return (
    <Field {...frame}>
      <Checkbox {...controlAria(frame)} checked={checked} onCheck={onCheck}>
        {text}
      </Checkbox>
    </Field>
  );
}
