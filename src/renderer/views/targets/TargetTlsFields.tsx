// TLS settings of a target: StartTLS, the CA to trust, the explicit "trust unverified" choice, a client certificate.
import { describedBy, Field } from '../../components/Field.tsx';
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
      <TargetTextField
        field="caFile"
        label="CA certificate file"
        hint="PEM file of the CA that signed the server's certificate, on the DirBench host; blank trusts the system's CAs."
        placeholder="/etc/ssl/certs/my-ca.pem"
        {...common}
      />
      <Field
        id="target-tlsVerify"
        label="Certificate check"
        error={errors.tlsVerify}
        hint={
          values.tlsVerify
            ? 'The server certificate is verified (ldaps:// and StartTLS).'
            : 'Warning: any certificate is accepted, so a machine in the middle could read the bind password. Every run records and shows this.'
        }
      >
        <label className="checkbox">
          <input
            id="target-tlsVerify"
            type="checkbox"
            checked={!values.tlsVerify}
            onChange={(e) => onChange({ tlsVerify: !e.target.checked })}
            {...describedBy('target-tlsVerify', errors.tlsVerify, true)}
          />
          Trust an unverified certificate
        </label>
      </Field>
      <TargetTextField
        field="clientCertFile"
        label="Client certificate file"
        hint="PEM certificate presented over TLS; with it, bind workloads can use SASL EXTERNAL."
        placeholder="/home/me/bench-client.pem"
        {...common}
      />
      <TargetTextField
        field="clientKeyFile"
        label="Client key file"
        hint="Its unencrypted PEM private key (keep it mode 600)."
        placeholder="/home/me/bench-client.key"
        {...common}
      />
    </>
  );
}
