// The custom operation's request controls section: proxied authorization, assertion, pre-read and
// post-read, permissive modify and any control by OID, as the kind allows; folded until used.
import type { ReactNode } from 'react';
import { TextAreaField } from '../../../components/FieldControls.tsx';
import { controlCount, offersControl } from './customControls.ts';
import { customFieldId } from './customOperation.ts';
import type { CustomErrors, CustomOpValues } from './customOperation.ts';

/** Options of the parent's text input helper. */
interface TextOptions {
  hint?: ReactNode;
  placeholder?: string;
}

/** The controls section; `text` and `check` are the parent form's field helpers. */
export function CustomControlFields({
  values,
  errors,
  onChange,
  text,
  check,
}: {
  values: CustomOpValues;
  errors: CustomErrors;
  onChange: (patch: Partial<CustomOpValues>) => void;
  text: (
    field: 'proxyAs' | 'assertionFilter' | 'preRead' | 'postRead',
    label: ReactNode,
    options: TextOptions,
  ) => ReactNode;
  check: (field: 'permissiveModify', label: ReactNode) => ReactNode;
}) {
  const { kind } = values;
  if (kind === 'bind') return null;
  const count = controlCount(kind, values);
  const failing = ['proxyAs', 'assertionFilter', 'preRead', 'postRead', 'rawControls', 'controls'];
  const hasError = failing.some((field) => errors[field as keyof CustomErrors] !== undefined);
  const reads = offersControl(kind, 'preRead') || offersControl(kind, 'postRead');
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
      <div className="form-row custom-row-2">
        {text('proxyAs', 'Proxied authorization as', {
          placeholder: 'none',
          hint: (
            <>
              RFC 4370, e.g. <code>dn:[entry:dn]</code> or <code>u:[entry:uid]</code>.
            </>
          ),
        })}
        {text('assertionFilter', 'Assertion filter', {
          placeholder: 'none',
          hint: (
            <>
              RFC 4528: the entry must match, e.g. <code>(objectClass=person)</code>; else 122.
            </>
          ),
        })}
      </div>
      {reads && (
        <div className="form-row custom-row-2">
          {offersControl(kind, 'preRead') &&
            text('preRead', 'Pre-read attributes', {
              placeholder: 'none',
              hint: 'RFC 4527: the entry before the write, e.g. description,cn.',
            })}
          {offersControl(kind, 'postRead') &&
            text('postRead', 'Post-read attributes', {
              placeholder: 'none',
              hint: 'RFC 4527: the entry after the write.',
            })}
        </div>
      )}
      {offersControl(kind, 'permissiveModify') &&
        check(
          'permissiveModify',
          <>
            Permissive modify{' '}
            <span className="muted">(adding a value that exists is not an error)</span>
          </>,
        )}
      <div className="form-row">
        <TextAreaField
          id={customFieldId('rawControls')}
          label="Other controls"
          error={errors.rawControls}
          hint={
            <>
              One per line, as UnboundID's <code>-J</code>:{' '}
              <code>OID[:criticality[:value|::base64]]</code>, e.g.{' '}
              <code>2.16.840.1.113730.3.4.2:true</code> (ManageDsaIT).
            </>
          }
          className="mono"
          rows={2}
          spellCheck={false}
          value={values.rawControls}
          onValue={(rawControls) => onChange({ rawControls })}
        />
      </div>
      {errors.controls && (
        <p className="field-error" role="alert">
          {errors.controls}
        </p>
      )}
    </details>
  );
}
