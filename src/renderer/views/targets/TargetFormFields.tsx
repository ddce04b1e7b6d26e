// The inputs of the target form, each with its label and message.
import { describedBy, Field } from '../../components/Field.tsx';
import type { FieldErrors, TargetFormValues } from './targetForm.ts';
import { TargetPasswordFields } from './TargetPasswordFields.tsx';
import type { SecretStorage } from './TargetPasswordFields.tsx';
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
  return (
    <div className="form-grid">
      <Field
        id="target-name"
        label="Name"
        error={errors.name}
        hint="How this server appears in runs and charts."
      >
        <input
          id="target-name"
          value={values.name}
          autoFocus
          onChange={(e) => onChange({ name: e.target.value })}
          placeholder="OpenLDAP 2.5 on lab-01"
          {...describedBy('target-name', errors.name, true)}
        />
      </Field>
      <Field
        id="target-url"
        label="LDAP URL"
        error={errors.url}
        hint="ldap://host:port or ldaps://host:port"
      >
        <input
          id="target-url"
          value={values.url}
          spellCheck={false}
          onChange={(e) => onChange({ url: e.target.value })}
          placeholder="ldap://ldap.example.com:389"
          {...describedBy('target-url', errors.url, true)}
        />
      </Field>
      <Field
        id="target-bindDn"
        label="Bind DN"
        error={errors.bindDn}
        hint="Leave empty for anonymous binds."
      >
        <input
          id="target-bindDn"
          value={values.bindDn}
          spellCheck={false}
          onChange={(e) => onChange({ bindDn: e.target.value })}
          placeholder="cn=Directory Manager"
          {...describedBy('target-bindDn', errors.bindDn, true)}
        />
      </Field>
      <TargetPasswordFields
        values={values}
        errors={errors}
        keepPassword={keepPassword}
        storage={storage}
        onChange={onChange}
      />
      <Field
        id="target-baseDn"
        label="Base DN"
        error={errors.baseDn}
        hint="Entries under it are read by the workloads."
      >
        <input
          id="target-baseDn"
          value={values.baseDn}
          spellCheck={false}
          onChange={(e) => onChange({ baseDn: e.target.value })}
          placeholder="dc=example,dc=com"
          {...describedBy('target-baseDn', errors.baseDn, true)}
        />
      </Field>
      <TargetTlsFields values={values} errors={errors} onChange={onChange} />
    </div>
  );
}
