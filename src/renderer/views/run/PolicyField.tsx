// Connection policy select, with the "every N operations" field for the reconnect policy.
import { NumericField, SelectField } from '../../components/FieldControls.tsx';
import type { PolicyKind, RunFieldProps } from './runForm.ts';

const POLICIES: { value: PolicyKind; label: string; hint: string }[] = [
  { value: 'persistent', label: 'Persistent', hint: 'Connect and bind once; reuse for every op.' },
  { value: 'reconnect', label: 'Reconnect every N ops', hint: 'Close and reopen after N ops.' },
  {
    value: 'per-op',
    label: 'New connection per operation',
    hint: 'Connect, bind, op, unbind; each phase timed.',
  },
  { value: 'rebind', label: 'Rebind before every op', hint: 'Bind again on the open connection.' },
];

/** The policy select and, for "reconnect", its N. */
export function PolicyField({ values, errors, onChange }: RunFieldProps) {
  const chosen = POLICIES.find((p) => p.value === values.policy) ?? POLICIES[0];
  const reconnect = values.policy === 'reconnect';
  return (
    <div className="policy-field">
      <SelectField
        id="run-policy"
        label="Connection policy"
        hint={chosen?.hint}
        value={values.policy}
        options={POLICIES}
        onValue={(policy) => onChange({ policy })}
      />
      {reconnect && (
        <NumericField
          id="run-reconnectEveryOps"
          label="N (ops)"
          error={errors.reconnectEveryOps}
          hint="Ops per connection."
          min={1}
          value={values.reconnectEveryOps}
          onValue={(reconnectEveryOps) => onChange({ reconnectEveryOps })}
        />
      )}
    </div>
  );
}
