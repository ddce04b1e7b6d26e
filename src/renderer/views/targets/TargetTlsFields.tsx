// TLS settings of a target: StartTLS, the CA to trust, the explicit "trust unverified" choice, a client certificate.
import { CheckboxField } from '../../components/Checkbox.tsx';
import { TARGET_FIELD_LABELS } from './targetForm.ts';
import type { FieldErrors, TargetFormValues } from './targetForm.ts';
import { TargetTextField } from './TargetTextField.tsx';

/** StartTLS, CA file, trust-unverified checkbox (with its warning) and client certificate files. */
export function TargetTlsFields({
  values,
  errors,
  onChange,
}: {
  values: TargetFormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<TargetFormValues>) => void;
}) {
  const common = { values, errors, onChange };
  return (
    <>
      <CheckboxField
        id="target-startTls"
        label="Security"
        error={errors.startTls}
        hint="Upgrade ldap:// connections to TLS before binding."
        text="Use StartTLS"
        checked={values.startTls}
        onCheck={(startTls) => onChange({ startTls })}
      />
      <TargetTextField field="caFile" {...common} />
      <CheckboxField
        id="target-tlsVerify"
        label="Certificate check"
        error={errors.tlsVerify}
        hint={
          values.tlsVerify
            ? 'The server certificate is verified (ldaps:// and StartTLS).'
            : 'Warning: any certificate is accepted, so a machine in the middle could read the bind password. Every run records and shows this.'
        }
        text={TARGET_FIELD_LABELS.tlsVerify}
        checked={!values.tlsVerify}
        onCheck={(trustUnverified) => onChange({ tlsVerify: !trustUnverified })}
      />
      <TargetTextField field="clientCertFile" {...common} />
      <TargetTextField field="clientKeyFile" {...common} />
    </>
  );
}
