// The matrix's name (its saved id) and description, above the builder.
import type { MatrixSpec } from '../../../shared/matrix.ts';
import { describedBy, Field } from '../../components/Field.tsx';

/** Name and description boxes; `nameError` is the host check's message when it is about the name. */
export function MatrixNameFields({
  spec,
  onChange,
  nameError,
}: {
  spec: MatrixSpec;
  onChange: (spec: MatrixSpec) => void;
  nameError: string | undefined;
}) {
  return (
    <section className="card card-pad matrix-section">
      <div className="form-row form-row-2">
        <Field
          id="matrix-name"
          label="Name"
          error={nameError}
          hint="Saved as user/NAME; letters, digits, dot, dash and underscore."
        >
          <input
            id="matrix-name"
            value={spec.name}
            onChange={(e) => onChange({ ...spec, name: e.target.value })}
            {...describedBy('matrix-name', nameError === undefined ? undefined : 'x', true)}
          />
        </Field>
        <Field id="matrix-description" label="Description">
          <input
            id="matrix-description"
            value={spec.description ?? ''}
            onChange={(e) => onChange({ ...spec, description: e.target.value })}
          />
        </Field>
      </div>
    </section>
  );
}
