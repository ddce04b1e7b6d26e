// The inputs of the target form, each with its label and message.
import { TARGET_BIND_MECHANISMS } from '../../../shared/targetTypes.ts';
import type { TargetBindMechanism } from '../../../shared/targetTypes.ts';
import { SelectField } from '../../components/FieldControls.tsx';
import { TARGET_FIELD_LABELS } from './targetForm.ts';
import type { FieldErrors, TargetFormValues } from './targetForm.ts';
import { TargetPasswordFields } from './TargetPasswordFields.tsx';
import type { SecretStorage } from './TargetPasswordFields.tsx';
import { TargetTextField } from './TargetTextField.tsx';
import { TargetTlsFields } from './TargetTlsFields.tsx';

/** How each bind mechanism reads in the select. */
const MECHANISM_LABELS: Record<TargetBindMechanism, string> = {
  simple: 'Simple bind (DN and password)',
  'DIGEST-MD5': 'SASL DIGEST-MD5 (user name and password)',
  'CRAM-MD5': 'SASL CRAM-MD5 (user name and password)',
  'SCRAM-SHA-1': 'SASL SCRAM-SHA-1 (user name, password)',
  'SCRAM-SHA-256': 'SASL SCRAM-SHA-256 (user name, password)',
};

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
      <SelectField
        id="target-bindMechanism"
        label={TARGET_FIELD_LABELS.bindMechanism}
        hint="How the load connections authenticate."
        error={errors.bindMechanism}
        value={values.bindMechanism}
        options={TARGET_BIND_MECHANISMS.map((m) => ({ value: m, label: MECHANISM_LABELS[m] }))}
        onValue={(bindMechanism) => onChange({ bindMechanism })}
      />
      <TargetTextField field="bindDn" {...common} />
      <TargetPasswordFields keepPassword={keepPassword} storage={storage} {...common} />
      <TargetTextField field="baseDn" {...common} />
      <TargetTlsFields {...common} />
    </div>
  );
}
