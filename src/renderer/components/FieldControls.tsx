// Fields holding one control (input, textarea, select), each wired to its label, hint and error.
import type { InputHTMLAttributes, ReactElement, ReactNode, TextareaHTMLAttributes } from 'react';
import { describedBy, Field } from './Field.tsx';

/** What a one-control field takes: the control's id, its label, and the hint its error replaces. */
export interface FieldFrame {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

/** Splits a field's props into its frame (for Field) and the control's own props. */
export function splitFrame<P extends FieldFrame>({
  id,
  label,
  hint,
  error,
  ...control
}: P): [FieldFrame, Omit<P, keyof FieldFrame>] {
  return [{ id, label, hint, error }, control];
}

/** The control's id and the aria attributes linking it to its field's message. */
export function controlAria({ id, hint, error }: FieldFrame): Record<string, string | boolean> {
  return { id, ...describedBy(id, error, Boolean(hint)) };
}

/** A control's own attributes, less those the field sets. */
type Native<A> = Omit<A, 'id' | 'value' | 'onChange' | 'children'>;

/** A text-valued control's value and the callback that gets its new text. */
interface TextValue {
  value: string;
  onValue: (text: string) => void;
}

/** A labelled input; `wrap` sets it in a larger box (a prefix, buttons beside it). */
export function InputField({
  value,
  onValue,
  wrap,
  ...props
}: FieldFrame &
  TextValue &
  Native<InputHTMLAttributes<HTMLInputElement>> & {
    wrap?: (input: ReactElement) => ReactNode;
  }) {
  const [frame, input] = splitFrame(props);
  const control = (
    <input
      {...controlAria(frame)}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      {...input}
    />
  );
  return <Field {...frame}>{wrap ? wrap(control) : control}</Field>;
}

/** A labelled whole-number input (numeric keyboard; step 1 unless given) that keeps its text. */
export function NumericField(props: Parameters<typeof InputField>[0]) {
  return <InputField type="number" inputMode="numeric" step={1} {...props} />;
}

/** A labelled textarea. */
export function TextAreaField({
  value,
  onValue,
  ...props
}: FieldFrame & TextValue & Native<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const [frame, area] = splitFrame(props);
  return (
    <Field {...frame}>
      <textarea
        {...controlAria(frame)}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        {...area}
      />
    </Field>
  );
}

/** One choice of a SelectField. */
export interface SelectOption<V extends string> {
  value: V;
  label: ReactNode;
}

/** A labelled select over `options`; `onValue` gets the chosen value. */
export function SelectField<V extends string>({
  value,
  options,
  onValue,
  ...frame
}: FieldFrame & {
  value: V;
  options: readonly SelectOption<V>[];
  onValue: (value: V) => void;
}) {
  return (
    <Field {...frame}>
      <select {...controlAria(frame)} value={value} onChange={(e) => onValue(e.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
