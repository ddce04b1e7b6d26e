// The custom operation's controls, the same fields as the CLI's ad-hoc workloads, per operation kind.
import type { ReactNode } from 'react';
import type { DerefAliases, SearchScope } from '../../../../shared/workload.ts';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { InputField, SelectField, TextAreaField } from '../../../components/FieldControls.tsx';
import type { SelectOption } from '../../../components/FieldControls.tsx';
import { CustomControlFields } from './CustomControlFields.tsx';
import { CUSTOM_KINDS, customFieldId, KIND_HINTS, usesPool } from './customOperation.ts';
import type { CustomErrors, CustomField, CustomKind, CustomOpValues } from './customOperation.ts';

type TextField = {
  [K in keyof CustomOpValues]: CustomOpValues[K] extends string ? K : never;
}[keyof CustomOpValues];

type BoolField = {
  [K in keyof CustomOpValues]: CustomOpValues[K] extends boolean ? K : never;
}[keyof CustomOpValues];

const SCOPES: { value: SearchScope; label: string }[] = [
  { value: 'base', label: 'base: the entry itself' },
  { value: 'one', label: 'one: its children' },
  { value: 'sub', label: 'sub: the whole subtree' },
  { value: 'children', label: 'children: subtree below it' },
];

/** "e.g. `example`" as a hint. */
function eg(example: string): ReactNode {
  return (
    <>
      e.g. <code>{example}</code>
    </>
  );
}

const DEREF: DerefAliases[] = ['never', 'search', 'find', 'always'];

const MODIFY_TYPES: SelectOption<CustomOpValues['modifyType']>[] = [
  { value: 'replace', label: 'replace' },
  { value: 'add', label: 'add' },
  { value: 'delete', label: 'delete' },
];

const BIND_MECHANISMS: SelectOption<CustomOpValues['bindMechanism']>[] = [
  { value: 'simple', label: 'Simple' },
  { value: 'PLAIN', label: 'SASL PLAIN' },
  { value: 'DIGEST-MD5', label: 'SASL DIGEST-MD5' },
  { value: 'CRAM-MD5', label: 'SASL CRAM-MD5' },
  { value: 'SCRAM-SHA-1', label: 'SASL SCRAM-SHA-1' },
  { value: 'SCRAM-SHA-256', label: 'SASL SCRAM-SHA-256' },
];

const KIND_LABELS: Record<CustomKind, string> = {
  search: 'Search',
  modify: 'Modify',
  add: 'Add',
  delete: 'Delete',
  modrdn: 'Modify DN (rename)',
  compare: 'Compare',
  bind: 'Bind',
};

/** The kind select and the fields of the chosen kind; ids are `op-<field>`. */
export function CustomOperationFields({
  values,
  errors,
  onChange,
}: {
  values: CustomOpValues;
  errors: CustomErrors;
  onChange: (patch: Partial<CustomOpValues>) => void;
}) {
  const text = (
    field: TextField,
    label: ReactNode,
    options: { hint?: ReactNode; placeholder?: string; numeric?: boolean; disabled?: boolean } = {},
  ) => (
    <InputField
      id={customFieldId(field)}
      label={label}
      error={errors[field]}
      hint={options.hint}
      type="text"
      className={options.numeric ? undefined : 'mono'}
      inputMode={options.numeric ? 'numeric' : undefined}
      spellCheck={false}
      autoComplete="off"
      placeholder={options.placeholder}
      disabled={options.disabled}
      value={values[field]}
      onValue={(value) => onChange({ [field]: value })}
    />
  );
  const check = (field: BoolField, label: ReactNode) => (
    <div className="field field-check" data-field={customFieldId(field)}>
      <Checkbox
        id={customFieldId(field)}
        checked={values[field]}
        onCheck={(checked) => onChange({ [field]: checked })}
      >
        {label}
      </Checkbox>
      {errors[field] && (
        <p className="field-error" role="alert">
          {errors[field]}
        </p>
      )}
    </div>
  );
  const select = <T extends string>(
    field: CustomField,
    label: string,
    value: T,
    choices: SelectOption<T>[],
    set: (value: T) => void,
  ) => (
    <SelectField
      id={customFieldId(field)}
      label={label}
      error={errors[field]}
      value={value}
      options={choices}
      onValue={set}
    />
  );
  const pool = usesPool(values);
  const poolField = text('poolEntries', 'Pool entries', {
    numeric: true,
    hint: 'Added before load, unmeasured; what is left is removed at the end.',
  });

  return (
    <div className="custom-op" data-testid="custom-operation" data-kind={values.kind}>
      <div className="form-row custom-row-kind">
        <SelectField
          id={customFieldId('kind')}
          label="Operation"
          hint={KIND_HINTS[values.kind]}
          value={values.kind}
          options={CUSTOM_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          onValue={(kind) => onChange({ kind })}
        />
      </div>

      {values.kind === 'search' && (
        <>
          <div className="form-row custom-row-2-1">
            {text('base', 'Base DN pattern', {
              hint: (
                <>
                  e.g. <code>ou=People,o=Salford,c=gb</code> or <code>[entry:parent]</code>; empty
                  is the root DSE.
                </>
              ),
            })}
            {select('scope', 'Scope', values.scope, SCOPES, (scope) => onChange({ scope }))}
          </div>
          <div className="form-row">
            {text('filter', 'Filter pattern', {
              hint: (
                <>
                  RFC 4515, e.g. <code>(uid=user.[1-10000])</code> or <code>(cn=[entry:cn])</code>.
                </>
              ),
            })}
          </div>
          <div className="form-row custom-row-2">
            {text('attributes', 'Attributes', {
              placeholder: 'all user attributes',
              hint: (
                <>
                  <code>cn,mail</code>, <code>1.1</code> for none, <code>*</code> user,{' '}
                  <code>+</code> operational.
                </>
              ),
            })}
            {text('sortKeys', 'Sort keys', {
              placeholder: 'none',
              hint: (
                <>
                  Server-side sort, e.g. <code>sn,-cn</code> (<code>-</code> descending).
                </>
              ),
            })}
          </div>
          <div className="form-row custom-row-4">
            {text('sizeLimit', 'Size limit', { numeric: true, placeholder: '0', hint: '0: none.' })}
            {text('timeLimitS', 'Time limit (s)', {
              numeric: true,
              placeholder: '0',
              hint: '0: none.',
            })}
            {text('pageSize', 'Page size', {
              numeric: true,
              placeholder: 'not paged',
              hint: 'Paged results.',
            })}
            {select(
              'derefAliases',
              'Deref aliases',
              values.derefAliases,
              DEREF.map((d) => ({ value: d, label: d })),
              (derefAliases) => onChange({ derefAliases }),
            )}
          </div>
          {check('typesOnly', 'Types only (attribute names without values)')}
        </>
      )}

      {values.kind === 'modify' && (
        <>
          <div className="form-row custom-row-2-1">
            {text('modifyDn', 'Entry DN pattern', {
              hint: (
                <>
                  e.g. <code>[entry:dn]</code> (a random existing entry) or{' '}
                  <code>uid=user.[1-10000],ou=People,…</code>
                </>
              ),
            })}
            {select('modifyType', 'Modification', values.modifyType, MODIFY_TYPES, (modifyType) =>
              onChange({ modifyType }),
            )}
          </div>
          <div className="form-row custom-row-1-2">
            {text('modifyAttribute', 'Attribute', { hint: eg('description') })}
            {text('modifyValue', 'Value pattern', {
              hint:
                values.modifyType === 'delete'
                  ? 'Blank removes the whole attribute.'
                  : 'Expanded afresh for every operation.',
            })}
          </div>
        </>
      )}

      {values.kind === 'add' && (
        <>
          <div className="form-row">
            {text('addDn', 'DN pattern', {
              hint: (
                <>
                  Needs <code>[unique]</code> in its first RDN, e.g.{' '}
                  <code>cn=dirbench [unique],[entry:parent]</code>.
                </>
              ),
            })}
          </div>
          <div className="form-row">
            <TextAreaField
              id={customFieldId('addAttributes')}
              label="Attributes"
              error={errors.addAttributes}
              hint={
                <>
                  One <code>name: value-pattern</code> per line; repeat a name for more values. The
                  RDN's attribute comes from the DN. The run deletes what it added when it ends.
                </>
              }
              className="mono"
              rows={4}
              spellCheck={false}
              value={values.addAttributes}
              onValue={(addAttributes) => onChange({ addAttributes })}
            />
          </div>
        </>
      )}

      {values.kind === 'delete' && (
        <div className="form-row custom-row-2-1">
          {text('deleteDn', 'Entry DN pattern', {
            placeholder: 'blank: entries the run adds first',
            hint: pool ? (
              'Blank: the run adds a pool of entries before load and deletes those.'
            ) : (
              <span className="hint-warning">Deletes existing entries of the target.</span>
            ),
          })}
          {pool && poolField}
        </div>
      )}

      {values.kind === 'modrdn' && (
        <>
          <div className="form-row custom-row-2">
            {text('modrdnDn', 'Entry DN pattern', {
              placeholder: 'blank: entries the run adds first',
              hint: pool
                ? 'Blank: renames entries of a pool the run adds before load.'
                : 'Renames existing entries of the target.',
            })}
            {text('newRdn', 'New RDN pattern', {
              disabled: pool,
              hint: pool ? 'Pool entries get fresh names.' : eg('cn=dirbench [unique]'),
            })}
          </div>
          <div className="form-row custom-row-2-1 custom-row-center">
            {check('deleteOldRdn', 'Delete the old RDN value')}
            {pool && poolField}
          </div>
        </>
      )}

      {values.kind === 'compare' && (
        <div className="form-row custom-row-3">
          {text('compareDn', 'Entry DN pattern', { hint: eg('[entry:dn]') })}
          {text('compareAttribute', 'Attribute', { hint: eg('cn') })}
          {text('compareValue', 'Value pattern', { hint: eg('[entry:cn]') })}
        </div>
      )}

      {values.kind === 'bind' && (
        <>
          <div className="form-row custom-row-3">
            {select(
              'bindMechanism',
              'Mechanism',
              values.bindMechanism,
              BIND_MECHANISMS,
              (bindMechanism) =>
                onChange({
                  bindMechanism,
                  // The untouched default follows the mechanism: SASL names users, not DNs.
                  ...(bindMechanism !== 'simple' && values.bindDn === '[entry:dn]'
                    ? { bindDn: '[entry:uid]' }
                    : bindMechanism === 'simple' && values.bindDn === '[entry:uid]'
                      ? { bindDn: '[entry:dn]' }
                      : {}),
                }),
            )}
            {text('bindSearchBase', 'Find the DN under (optional)', {
              hint: eg('o=Salford,c=gb'),
            })}
            {text('bindSearchFilter', 'with filter', {
              hint: (
                <>
                  e.g. <code>(uid=[entry:uid])</code>; the bind uses the DN found
                </>
              ),
            })}
          </div>
          <div className="form-row custom-row-2">
            {text(
              'bindDn',
              values.bindMechanism === 'simple' ? 'Bind DN pattern' : 'User name pattern',
              { hint: eg(values.bindMechanism === 'simple' ? '[entry:dn]' : '[entry:uid]') },
            )}
            {text('bindPassword', 'Password pattern', {
              hint: (
                <>
                  e.g. <code>[entry:userPassword]</code>; stored with the run.
                </>
              ),
            })}
          </div>
          <div className="form-row custom-row-2-1 custom-row-center">
            {check(
              'bindNewConnection',
              <>
                New connection per bind{' '}
                <span className="muted">(connect, bind, unbind; otherwise depth must be 1)</span>
              </>,
            )}
            {text('invalidPercent', 'Invalid passwords (%)', {
              numeric: true,
              hint: 'Counted as bind-invalid, not as errors.',
            })}
          </div>
        </>
      )}
      <CustomControlFields
        values={values}
        errors={errors}
        onChange={onChange}
        text={text}
        check={check}
      />
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
