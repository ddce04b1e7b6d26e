// The custom operation's request controls section: proxied authorization, assertion, pre-read and
// post-read, permissive modify and any control by OID, as the kind's row allows; folded until used.
import { CONTROL_FIELDS } from '../../../../shared/operations/controlFields.ts';
import type { FormRow } from '../../../../shared/operations/traits.ts';
import { controlCount, offersControl } from './customControls.ts';
import { customFieldId } from './customOperation.ts';
import { FieldRowView } from './FormFieldView.tsx';
import type { FieldProps } from './FormFieldView.tsx';

/** The section's rows, as the form lays them out. */
const ROWS: readonly FormRow[] = [
  { className: 'custom-row-2', fields: [CONTROL_FIELDS['proxied-auth'], CONTROL_FIELDS.assertion] },
  { className: 'custom-row-2', fields: [CONTROL_FIELDS['pre-read'], CONTROL_FIELDS['post-read']] },
  { className: null, fields: [CONTROL_FIELDS['permissive-modify']] },
  { className: '', fields: [CONTROL_FIELDS.raw] },
];

const FAILING = ['proxyAs', 'assertionFilter', 'preRead', 'postRead', 'rawControls', 'controls'];

/** The controls section; none for a kind that takes no control (a bind). */
export function CustomControlFields(props: FieldProps) {
  const { values, errors } = props;
  const { kind } = values;
  const rows = ROWS.map((row) => ({
    ...row,
    fields: row.fields.filter((f) => offersControl(kind, f.name)),
  })).filter((row) => row.fields.length > 0);
  if (rows.length === 0) return null;
  const count = controlCount(kind, values);
  const hasError = FAILING.some((field) => errors[field] !== undefined);
  return (
    <details
      className="custom-controls"
      id={customFieldId('controls')}
      tabIndex={-1}
      open={count > 0 || hasError ? true : undefined}
      data-testid="custom-controls"
    >
      <summary>
        Request controls
        <span className="muted">
          {count === 0 ? ' none' : ` ${count} sent with each operation`}
        </span>
      </summary>
      {rows.map((row, i) => (
        <FieldRowView key={i} row={row} {...props} />
      ))}
      {errors.controls && (
        <p className="field-error" role="alert">
          {errors.controls}
        </p>
      )}
    </details>
  );
}
