// The bind password's source: typed (kept by the host, never in its database), a file, or a variable.
import { describedBy, Field } from '../../components/Field.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
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
        legend="Credential source"
        name="target-password-choice"
        value={values.passwordChoice}
        options={CHOICES}
        onChange={(passwordChoice) => onChange({ passwordChoice })}
      />
      {values.passwordChoice === 'typed' && (
        <Field
          id="target-password"
          label="Password"
          error={errors.password}
          hint={typedHint(storage, keepPassword)}
        >
          <input
            id="target-password"
            type="password"
            value={values.password}
            autoComplete="new-password"
            onChange={(e) => onChange({ password: e.target.value })}
            placeholder={keepPassword ? 'unchanged' : ''}
            {...describedBy('target-password', errors.password, true)}
          />
        </Field>
      )}
      {values.passwordChoice === 'file' && (
        <TargetTextField
          field="passwordFile"
          label="Password file"
          hint="A file on the DirBench host whose first line is the password (like searchrate's --bindPasswordFile); read at each connect, only its path is stored."
          placeholder="/home/me/.bench.pw"
          {...common}
        />
      )}
      {values.passwordChoice === 'env' && (
        <TargetTextField
          field="passwordEnv"
          label="Environment variable"
          hint="Read from DirBench's environment at each connect; only the name is stored."
          placeholder="BENCH_PASSWORD"
          {...common}
        />
      )}
    </>
  );
}
