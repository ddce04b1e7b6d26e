// One field of the operation form as its row declares it (src/shared/operations): a text input, a
// number, lines, a checkbox or a select, with its label, hint and error; ids are `op-<name>`.
import type { ReactNode } from 'react';
import type {
  ByValues,
  FormField,
  FormHint,
  FormValues,
} from '../../../../shared/operations/formFields.ts';
import type { FormRow } from '../../../../shared/operations/traits.ts';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { InputField, SelectField, TextAreaField } from '../../../components/FieldControls.tsx';
import type { CustomErrors, CustomOpValues, CustomPatch } from './customOperation.ts';
import { customFieldId } from './customOperation.ts';

/** What every field view gets from the form. */
export interface FieldProps {
  values: CustomOpValues;
  errors: CustomErrors;
  onChange: (patch: CustomPatch) => void;
}

/** A text that may depend on the form's values, as it reads now. */
function now<T>(text: ByValues<T>, values: FormValues): T {
  return typeof text === 'function' ? (text as (v: FormValues) => T)(values) : text;
}

/** Text where `code` in backticks shows as code. */
function codeText(text: string): ReactNode {
  const parts = text.split('`');
  if (parts.length === 1) return text;
  return parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/** A hint as shown: code in backticks, a warning in its colour. */
function hintNode(hint: FormHint | undefined): ReactNode {
  if (hint === undefined) return undefined;
  if (typeof hint === 'string') return <>{codeText(hint)}</>;
  return <span className="hint-warning">{hint.warning}</span>;
}

/** A checkbox field with its error below it. */
function CheckView({ field, values, errors, onChange }: FieldProps & { field: FormField }) {
  const id = customFieldId(field.name);
  const control = field.gui;
  return (
    <div className="field field-check" data-field={id}>
      <Checkbox
        id={id}
        checked={values[field.name] === true}
        onCheck={(checked) => onChange({ [field.name]: checked })}
      >
        {now(control?.label ?? field.name, values)}
        {control?.note !== undefined && (
          <>
            {' '}
            <span className="muted">{control.note}</span>
          </>
        )}
      </Checkbox>
      {errors[field.name] && (
        <p className="field-error" role="alert">
          {errors[field.name]}
        </p>
      )}
    </div>
  );
}

/** One field of the form, by its type; nothing for a field the GUI does not show. */
function FieldView(props: FieldProps & { field: FormField }) {
  const { field, values, errors, onChange } = props;
  const control = field.gui;
  if (control === undefined) return null;
  if (field.type === 'check') return <CheckView {...props} />;
  const frame = {
    id: customFieldId(field.name),
    label: now(control.label, values),
    error: errors[field.name],
    hint: hintNode(control.hint === undefined ? undefined : now(control.hint, values)),
  };
  const value = String(values[field.name] ?? '');
  const set = (text: string) =>
    onChange({ [field.name]: text, ...control.alsoSet?.(text, values) });
  if (field.type === 'select') {
    return <SelectField {...frame} value={value} options={field.choices ?? []} onValue={set} />;
  }
  if (field.type === 'lines') {
    return (
      <TextAreaField
        {...frame}
        className="mono"
        rows={control.rows}
        spellCheck={false}
        value={value}
        onValue={set}
      />
    );
  }
  const numeric = field.type === 'number';
  return (
    <InputField
      {...frame}
      type="text"
      className={numeric ? undefined : 'mono'}
      inputMode={numeric ? 'numeric' : undefined}
      spellCheck={false}
      autoComplete="off"
      placeholder={control.placeholder}
      disabled={control.disabled?.(values)}
      value={value}
      onValue={set}
    />
  );
}

/** A row of fields side by side (those shown now); a row without a class stands alone. */
export function FieldRowView({ row, ...props }: FieldProps & { row: FormRow }) {
  const shown = row.fields.filter((f) => f.gui?.shown?.(props.values) ?? true);
  const fields = shown.map((field) => <FieldView key={field.name} field={field} {...props} />);
  if (row.className === null) return <>{fields}</>;
  return (
    <div className={row.className === '' ? 'form-row' : `form-row ${row.className}`}>{fields}</div>
  );
}
