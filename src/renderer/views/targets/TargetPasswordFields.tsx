// The bind password's source: typed (kept by the host, never in its database), a file, or a variable.
import { InputField } from '../../components/FieldControls.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import { TARGET_FIELD_LABELS } from './targetForm.ts';
import type { FieldErrors, PasswordChoice, TargetFormValues } from './targetForm.ts';
import { TargetTextField } from './TargetTextField.tsx';

/** Where the host keeps typed passwords, as `targets/secretStorage` reports it. */
export interface SecretStorage {
  sealed: boolean;
  secretsDir: string;
}

const CHOICES = [
  { value: 'typed', label: 'Type it' },
  { value: 'file', label: 'A file' },
  { value: 'env', label: 'A variable' },
] as const;

/** What happens to a typed password on this host, in one sentence. */
function typedHint(storage: SecretStorage | undefined, keep: boolean): string {
  const where = storage?.sealed
    ? 'Stored encrypted by the operating system (desktop keychain)'
    : `Written to a file only you can read (mode 600) under ${storage?.secretsDir ?? 'the data folder'}/; the database keeps only its path`;
  return keep
    ? `Leave empty to keep the stored password. ${where}.`
    : `${where}; never shown again.`;
}

/** The password source choice and its one input. */
export function TargetPasswordFields({
  values,
  errors,
  keepPassword,
  storage,
  onChange,
}: {
  values: TargetFormValues;
  errors: FieldErrors;
  keepPassword: boolean;
  storage: SecretStorage | undefined;
  onChange: (patch: Partial<TargetFormValues>) => void;
}) {
  const common = { values, errors, onChange };
  return (
    <>
      <RadioSegments<PasswordChoice>
        id="target-passwordChoice"
        legend={TARGET_FIELD_LABELS.passwordChoice}
        name="target-password-choice"
        value={values.passwordChoice}
        options={CHOICES}
        onChange={(passwordChoice) => onChange({ passwordChoice })}
      />
      {values.passwordChoice === 'typed' && (
        <InputField
          id="target-password"
          label={TARGET_FIELD_LABELS.password}
          error={errors.password}
          hint={typedHint(storage, keepPassword)}
          type="password"
          value={values.password}
          onValue={(password) => onChange({ password })}
          autoComplete="new-password"
          placeholder={keepPassword ? 'unchanged' : ''}
        />
      )}
      {values.passwordChoice === 'file' && <TargetTextField field="passwordFile" {...common} />}
      {values.passwordChoice === 'env' && <TargetTextField field="passwordEnv" {...common} />}
    </>
  );
}
