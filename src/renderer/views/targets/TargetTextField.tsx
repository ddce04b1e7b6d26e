// One text input of the target form, with its label, hint and error (id `target-<field>`).
import { describedBy, Field } from '../../components/Field.tsx';
import type { FieldErrors, TargetFormValues } from './targetForm.ts';

/** The form's free-text fields. */
type TextFieldName = 'passwordFile' | 'passwordEnv' | 'caFile' | 'clientCertFile' | 'clientKeyFile';

/** A labelled text input bound to `values[field]`; the error replaces the hint. */
export function TargetTextField({
  field,
  label,
  hint,
  placeholder,
  values,
  errors,
  onChange,
}: {
  field: TextFieldName;
  label: string;
  hint: string;
  placeholder: string;
  values: TargetFormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<TargetFormValues>) => void;
}) {
  const id = `target-${field}`;
  return (
    <Field id={id} label={label} error={errors[field]} hint={hint}>
      <input
        id={id}
        value={values[field]}
        spellCheck={false}
        onChange={(e) => onChange({ [field]: e.target.value })}
        placeholder={placeholder}
        {...describedBy(id, errors[field], true)}
      />
    </Field>
  );
}
