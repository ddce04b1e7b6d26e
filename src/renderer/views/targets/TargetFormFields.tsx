// The inputs of the target form, each with its label and message.
import type { FieldErrors, TargetFormValues } from './targetForm.ts';
import { TargetPasswordFields } from './TargetPasswordFields.tsx';
import type { SecretStorage } from './TargetPasswordFields.tsx';
import { TargetTextField } from './TargetTextField.tsx';
import { TargetTlsFields } from './TargetTlsFields.tsx';

/** Controlled fields; ids are `target-<field>` so errors can focus them. */
export function TargetFormFields({
  values,
  errors,
  hasPassword,
  editing,
  storage,
  onChange,
}: {
  values: TargetFormValues;
  errors: FieldErrors;
  hasPassword: boolean;
  editing: boolean;
  storage: SecretStorage | undefined;
  onChange: (patch: Partial<TargetFormValues>) => void;
}) {
  const keepPassword = editing && hasPassword;
  const common = { values, errors, onChange };
  return (
    <div className="form-grid">
      <TargetTextField field="name" autoFocus {...common} />
      <TargetTextField field="url" {...common} />
      <TargetTextField field="bindDn" {...common} />
      <TargetPasswordFields keepPassword={keepPassword} storage={storage} {...common} />
      <TargetTextField field="baseDn" {...common} />
      <TargetTlsFields {...common} />
    </div>
  );
}
