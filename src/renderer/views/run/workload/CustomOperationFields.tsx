// The custom operation's fields: the kind select, then the fields its row lays out (the CLI's
// --op options, src/shared/operations), then its request controls.
import { OPERATION_TRAITS } from '../../../../shared/operations/registry.ts';
import { SelectField } from '../../../components/FieldControls.tsx';
import { CustomControlFields } from './CustomControlFields.tsx';
import { CUSTOM_KINDS, customFieldId } from './customOperation.ts';
import { FieldRowView } from './FormFieldView.tsx';
import type { FieldProps } from './FormFieldView.tsx';

const KIND_OPTIONS = CUSTOM_KINDS.map((k) => ({ value: k, label: OPERATION_TRAITS[k].title }));

/** The kind select and the fields of the chosen kind; ids are `op-<field>`. */
export function CustomOperationFields(props: FieldProps) {
  const { values, onChange } = props;
  const traits = OPERATION_TRAITS[values.kind];
  return (
    <div className="custom-op" data-testid="custom-operation" data-kind={values.kind}>
      <div className="form-row custom-row-kind">
        <SelectField
          id={customFieldId('kind')}
          label="Operation"
          hint={traits.summary}
          value={values.kind}
          options={KIND_OPTIONS}
          onValue={(kind) => onChange({ kind })}
        />
      </div>
      {(traits.form.layout ?? []).map((row, i) => (
        <FieldRowView key={`${values.kind}-${i}`} row={row} {...props} />
      ))}
      <CustomControlFields {...props} />
      <p className="field-hint pattern-help">
        Value patterns: <code>[1-1000]</code> random, <code>[1:1000]</code> sequential,{' '}
        <code>[random:8]</code>, <code>[uuid]</code>, <code>[timestamp]</code>,{' '}
        <code>[file:PATH]</code>, <code>[unique]</code>, and <code>[entry:ATTR]</code> from a random
        existing entry (<code>[entry:dn]</code>, <code>[entry:cn]</code>,{' '}
        <code>[entry:parent]</code>).
      </p>
    </div>
  );
}
