// The run form's text areas for lists typed one item per line: pass/fail thresholds, and the
// replication consumers of a target grouped as a topology (its lag measured by marker writes on it).
import { TextAreaField } from '../../components/FieldControls.tsx';
import type { RunFieldProps } from './runForm.ts';

/** The run form's list fields. */
export type ListFieldName = 'thresholds' | 'replicaConsumers';

const LIST_FIELDS: Record<ListFieldName, { label: string; hint: string; placeholder: string }> = {
  thresholds: {
    label: 'Thresholds',
    hint: 'Optional pass/fail checks, one per line or comma-separated: p99<5ms, p99.9<=20ms, opsPerSec>=10000, errorRate<0.1%, search.p99<2ms (per operation). A breach marks the run; the CLI exits 3.',
    placeholder: 'p99<5ms, errorRate<0.1%',
  },
  replicaConsumers: {
    label: 'Replication consumers',
    hint: "Optional: LDAP URLs of servers replicating this target (the supplier), one per line, up to 8. The run writes a few marker changes a second under the target's base DN with its bind (it must be allowed to add, modify and delete there), reads each consumer with the same bind, and reports each one's replication lag.",
    placeholder: 'ldap://replica1.example.com:389',
  },
};

/** One list field on a form row of its own: monospace, two rows, no spell check; id `run-<field>`. */
export function ListField({
  field,
  values,
  errors,
  onChange,
}: RunFieldProps & { field: ListFieldName }) {
  return (
    <div className="form-row">
      <TextAreaField
        {...LIST_FIELDS[field]}
        id={`run-${field}`}
        error={errors[field]}
        className="mono"
        rows={2}
        spellCheck={false}
        value={values[field]}
        onValue={(text) => onChange({ [field]: text })}
      />
    </div>
  );
}
