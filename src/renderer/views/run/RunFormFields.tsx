// The run form's controls: target, the workload block, load shape and timing, connections and model.
import type { ReactNode } from 'react';
import type { Target } from '../../../shared/targetTypes.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import { NumericField, SelectField } from '../../components/FieldControls.tsx';
import { LoadModelFields, RateProfileField } from './LoadModelFields.tsx';
import { LoadFromFields } from '../agents/LoadFromFields.tsx';
import { ListField } from './ListField.tsx';
import { PolicyField } from './PolicyField.tsx';
import { ServerSetFields } from './ServerSetFields.tsx';
import type { RunFieldProps } from './runForm.ts';

type NumberField = 'connections' | 'depth' | 'warmupS' | 'durationS' | 'cooldownS' | 'workers';

const NUMBER_FIELDS: { field: NumberField; label: string; hint: string; min: number }[] = [
  { field: 'connections', label: 'Connections', hint: 'LDAP connections.', min: 1 },
  { field: 'depth', label: 'Depth', hint: 'Pipelined requests.', min: 1 },
  { field: 'warmupS', label: 'Warm-up (s)', hint: 'Not measured.', min: 0 },
  { field: 'durationS', label: 'Duration (s)', hint: 'Measured seconds.', min: 1 },
  { field: 'cooldownS', label: 'Cool-down (s)', hint: 'Load after, not measured.', min: 0 },
  { field: 'workers', label: 'Workers', hint: 'Blank: CPU cores − 1.', min: 1 },
];

/** Controlled run-form fields; ids are `run-<field>` so errors can focus them. */
export function RunFormFields({
  values,
  errors,
  targets,
  onChange,
  workload,
}: RunFieldProps & {
  targets: Target[];
  /** The workload block, between the target and the load settings. */
  workload: ReactNode;
}) {
  return (
    <>
      <div className="form-row form-row-target">
        <SelectField
          id="run-targetId"
          label="Target"
          error={errors.targetId}
          value={values.targetId}
          options={targets.map((t) => ({ value: t.id, label: `${t.name} — ${t.url}` }))}
          onValue={(targetId) => onChange({ targetId })}
        />
      </div>
      <ServerSetFields values={values} errors={errors} onChange={onChange} targets={targets} />
      <ListField field="replicaConsumers" values={values} errors={errors} onChange={onChange} />
      {workload}
      <h2 className="section-title form-section-title">Load</h2>
      <LoadFromFields
        idPrefix="run-agents"
        value={values.agents}
        onChange={(agents) => onChange({ agents })}
        error={errors.agents}
      />
      <div className="form-row form-row-6">
        {NUMBER_FIELDS.map(({ field, label, hint, min }) => (
          <NumericField
            key={field}
            id={`run-${field}`}
            label={label}
            error={errors[field]}
            hint={field === 'workers' && values.agents ? 'Blank: one per agent.' : hint}
            min={min}
            value={values[field]}
            placeholder={field === 'workers' ? 'default' : undefined}
            onValue={(text) => onChange({ [field]: text })}
          />
        ))}
      </div>
      <div className="form-row form-row-load">
        <PolicyField values={values} errors={errors} onChange={onChange} />
        <LoadModelFields values={values} errors={errors} onChange={onChange} />
      </div>
      {values.loadModel === 'open' && (
        <div className="form-row">
          <RateProfileField values={values} errors={errors} onChange={onChange} />
        </div>
      )}
      <ListField field="thresholds" values={values} errors={errors} onChange={onChange} />
      <Checkbox
        id="run-tcpNoDelay"
        checked={values.tcpNoDelay}
        onCheck={(tcpNoDelay) => onChange({ tcpNoDelay })}
      >
        TCP_NODELAY{' '}
        <span className="muted">
          (disable Nagle's algorithm; recommended, Nagle adds latency to small requests)
        </span>
      </Checkbox>
    </>
  );
}
