// The inputs of the target form, each with its label and message.
import { describedBy, Field } from '../../components/Field.tsx';
import type { FieldErrors, TargetFormValues } from './targetForm.ts';

/** Controlled fields; ids are `target-<field>` so errors can focus them. */
export function TargetFormFields({
  values,
  errors,
  hasPassword,
  editing,
  onChange,
}: {
  values: TargetFormValues;
  errors: FieldErrors;
  hasPassword: boolean;
  editing: boolean;
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
      <Field
        id="target-password"
        label="Password"
        error={errors.password}
        hint={
          keepPassword
            ? 'Leave empty to keep the stored password.'
            : 'Stored by the host; never shown again.'
        }
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
      <Field
        id="target-startTls"
        label="Security"
        error={errors.startTls}
        hint="Upgrade ldap:// connections to TLS before binding."
      >
        <label className="checkbox">
          <input
            id="target-startTls"
            type="checkbox"
            checked={values.startTls}
            onChange={(e) => onChange({ startTls: e.target.checked })}
            {...describedBy('target-startTls', errors.startTls, true)}
          />
          Use StartTLS
        </label>
      </Field>
      <Field
        id="target-caFile"
        label="CA certificate file"
        error={errors.caFile}
        hint="PEM file of the CA that signed the server's certificate, on the DirBench host; blank trusts the system's CAs."
      >
        <input
          id="target-caFile"
          value={values.caFile}
          spellCheck={false}
          onChange={(e) => onChange({ caFile: e.target.value })}
          placeholder="/etc/ssl/certs/my-ca.pem"
          {...describedBy('target-caFile', errors.caFile, true)}
        />
      </Field>
    </div>
  );
}
