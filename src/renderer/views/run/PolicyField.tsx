// Connection policy select, with the "every N operations" field for the reconnect policy.
import { describedBy, Field } from '../../components/Field.tsx';
import type { PolicyKind, RunFieldProps } from './runForm.ts';

const POLICIES: { kind: PolicyKind; label: string; hint: string }[] = [
  { kind: 'persistent', label: 'Persistent', hint: 'Connect and bind once; reuse for every op.' },
  { kind: 'reconnect', label: 'Reconnect every N ops', hint: 'Close and reopen after N ops.' },
  {
    kind: 'per-op',
    label: 'New connection per operation',
    hint: 'Connect, bind, op, unbind; each phase timed.',
  },
  { kind: 'rebind', label: 'Rebind before every op', hint: 'Bind again on the open connection.' },
];

/** The policy select and, for "reconnect", its N. */
export function PolicyField({ values, errors, onChange }: RunFieldProps) {
  const chosen = POLICIES.find((p) => p.kind === values.policy) ?? POLICIES[0];
  const reconnect = values.policy === 'reconnect';
  return (
    <div className="policy-field">
      <Field id="run-policy" label="Connection policy" hint={chosen?.hint}>
        <select
          id="run-policy"
          value={values.policy}
          onChange={(e) => onChange({ policy: e.target.value as PolicyKind })}
          {...describedBy('run-policy', undefined, true)}
        >
          {POLICIES.map((p) => (
            <option key={p.kind} value={p.kind}>
              {p.label}
            </option>
          ))}
        </select>
      </Field>
      {reconnect && (
        <Field
          id="run-reconnectEveryOps"
          label="N (ops)"
          error={errors.reconnectEveryOps}
          hint="Ops per connection."
        >
          <input
            id="run-reconnectEveryOps"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.reconnectEveryOps}
            onChange={(e) => onChange({ reconnectEveryOps: e.target.value })}
            {...describedBy('run-reconnectEveryOps', errors.reconnectEveryOps, true)}
          />
        </Field>
      )}
    </div>
  );
}
