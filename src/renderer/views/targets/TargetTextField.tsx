// One text input of the target form, with its label, hint and error (id `target-<field>`).
import { InputField } from '../../components/FieldControls.tsx';
import { TARGET_FIELD_LABELS } from './targetForm.ts';
import type { FieldErrors, TargetFormValues } from './targetForm.ts';

/** The form's free-text fields. */
type TextFieldName =
  | 'name'
  | 'url'
  | 'bindDn'
  | 'baseDn'
  | 'passwordFile'
  | 'passwordEnv'
  | 'caFile'
  | 'clientCertFile'
  | 'clientKeyFile';

/** Each text field's hint and example; `prose` fields keep the spell checker. */
const TEXT_FIELDS: Record<TextFieldName, { hint: string; placeholder: string; prose?: boolean }> = {
  name: {
    hint: 'How this server appears in runs and charts.',
    placeholder: 'OpenLDAP 2.5 on lab-01',
    prose: true,
  },
  url: {
    hint: 'ldap://host:port or ldaps://host:port',
    placeholder: 'ldap://ldap.example.com:389',
  },
  bindDn: { hint: 'Leave empty for anonymous binds.', placeholder: 'cn=Directory Manager' },
  baseDn: {
    hint: 'Entries under it are read by the workloads.',
    placeholder: 'dc=example,dc=com',
  },
  passwordFile: {
    hint: "A file on the DirBench host whose first line is the password (like searchrate's --bindPasswordFile); read at each connect, only its path is stored.",
    placeholder: '/home/me/.bench.pw',
  },
  passwordEnv: {
    hint: "Read from DirBench's environment at each connect; only the name is stored.",
    placeholder: 'BENCH_PASSWORD',
  },
  caFile: {
    hint: "PEM file of the CA that signed the server's certificate, on the DirBench host; blank trusts the system's CAs.",
    placeholder: '/etc/ssl/certs/my-ca.pem',
  },
  clientCertFile: {
    hint: 'PEM certificate presented over TLS; with it, bind workloads can use SASL EXTERNAL.',
    placeholder: '/home/me/bench-client.pem',
  },
  clientKeyFile: {
    hint: 'Its unencrypted PEM private key (keep it mode 600).',
    placeholder: '/home/me/bench-client.key',
  },
};

/** The bind DN field when the target binds with SASL: a user name. */
const SASL_USER: { label: string; hint: string; placeholder: string; prose?: boolean } = {
  label: 'User name',
  hint: 'The SASL user name as the server knows it (OpenLDAP: the uid).',
  placeholder: 'jdoe',
};

/** A labelled text input bound to `values[field]`; the error replaces the hint. */
export function TargetTextField({
  field,
  autoFocus,
  values,
  errors,
  onChange,
}: {
  field: TextFieldName;
  autoFocus?: boolean;
  values: TargetFormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<TargetFormValues>) => void;
}) {
  const sasl = field === 'bindDn' && values.bindMechanism !== 'simple';
  const { hint, placeholder, prose } = sasl ? SASL_USER : TEXT_FIELDS[field];
  return (
    <InputField
      id={`target-${field}`}
      label={sasl ? SASL_USER.label : TARGET_FIELD_LABELS[field]}
      hint={hint}
      error={errors[field]}
      value={values[field]}
      onValue={(text) => onChange({ [field]: text })}
      autoFocus={autoFocus}
      spellCheck={prose ? undefined : false}
      placeholder={placeholder}
    />
  );
}
