// The "Custom operation" form: its values, the WorkloadSpec they build (through the operation form
// the CLI shares, src/shared/operations/operationForm.ts), and where errors belong.
import type { ApiError } from '../../../../shared/errors.ts';
import { CONTROL_FIELDS } from '../../../../shared/operations/controlFields.ts';
import { OperationFormError } from '../../../../shared/operations/formFields.ts';
import type {
  FormField,
  FormInput,
  FormProblem,
  FormValue,
} from '../../../../shared/operations/formFields.ts';
import { fieldForPath, operationFromForm } from '../../../../shared/operations/operationForm.ts';
import type { FormOperation } from '../../../../shared/operations/operationForm.ts';
import { OPERATION_KINDS, OPERATION_TRAITS } from '../../../../shared/operations/registry.ts';
import type { OperationKind } from '../../../../shared/operations/registry.ts';
import type { WorkloadSpec } from '../../../../shared/workload.ts';
import {
  controlFieldForPath,
  defaultControlValues,
  guiText,
  offersControl,
  rawControlsError,
} from './customControls.ts';

/** Operation kinds the custom form offers (a row without a layout is left to the JSON editor). */
export const CUSTOM_KINDS = OPERATION_KINDS.filter((k) => OPERATION_TRAITS[k].form.layout !== null);

/** Every field of the custom form by name, and the kind; each kind keeps its own fields, so switching kinds loses nothing. */
export interface CustomOpValues {
  kind: OperationKind;
  [field: string]: FormValue;
}

/** A change to some fields of the custom form (the kind among them or not). */
export type CustomPatch = { readonly kind?: OperationKind } & Readonly<Record<string, FormValue>>;

/** A field of the custom form; `controls` is the request controls section as a whole. */
export type CustomField = string;

/** DOM id of a custom form control. */
export function customFieldId(field: CustomField): string {
  return `op-${field}`;
}

/** Every field the GUI shows, of every kind and the controls. */
function guiFields(): FormField[] {
  const fields = OPERATION_KINDS.flatMap((kind) => OPERATION_TRAITS[kind].form.fields);
  return [...fields, ...Object.values(CONTROL_FIELDS)].filter((f) => f.gui !== undefined);
}

/** Defaults that work on any DirBench lab: [entry:...] picks a random existing entry per operation. */
export function defaultCustomValues(): CustomOpValues {
  const values: CustomOpValues = { kind: 'search' };
  for (const field of guiFields()) values[field.name] ??= field.gui?.initial ?? '';
  return { ...values, ...defaultControlValues() };
}

/** Messages keyed by custom field, plus `general` for errors no single field owns. */
export type CustomErrors = Partial<Record<CustomField | 'general', string>>;

/** The form's values as the operation form reads them: a control the kind does not offer is not given. */
function guiInput(v: CustomOpValues): FormInput {
  const shown = (field: FormField) =>
    Object.values(CONTROL_FIELDS).some((c) => c.name === field.name)
      ? offersControl(v.kind, field.name)
      : true;
  return {
    text: (field) => guiText(v, field, shown(field)),
    flag: (field) => field.gui !== undefined && shown(field) && v[field.name] === true,
    template: (field) => field.guiFixed,
  };
}

/** A field's label as the form shows it now. */
function labelOf(field: FormField, v: CustomOpValues): string {
  const label = field.gui?.label ?? field.name;
  return typeof label === 'function' ? label(v) : label;
}

/** The message shown beside the field of `problem`. */
function problemMessage(problem: FormProblem, v: CustomOpValues): string {
  const label = labelOf(problem.field, v);
  switch (problem.problem) {
    case 'missing':
      return `${label} is required`;
    case 'not-both':
      return `Give ${label} or ${labelOf(problem.other, v)}, not both`;
    case 'choice':
      return `${label} must be one of ${(problem.field.choices ?? []).map((c) => c.label).join(', ')}`;
    case 'whole':
      return problem.max >= 2 ** 31 - 1
        ? `${label} must be a whole number (${problem.min} or more)`
        : `${label} must be a whole number from ${problem.min} to ${problem.max}`;
    case 'number':
      return `${label} must be a number from ${problem.min} to ${problem.max}`;
    case 'no-attributes':
      return `${label} needs attribute names, e.g. description`;
    case 'control':
      return rawControlsError(problem.line) ?? `${label}: cannot read "${problem.line}"`;
    case 'not-accepted':
      return `${label} does not go on a ${problem.kind}`;
  }
}

/** The operation the form describes; throws OperationFormError with its problems. */
function formOperation(v: CustomOpValues): FormOperation {
  return operationFromForm(v.kind, guiInput(v));
}

/** Problems the form can see without the host: numbers that are not numbers, a blank pool size, unreadable controls. */
export function localCustomErrors(v: CustomOpValues): CustomErrors {
  try {
    formOperation(v);
    return {};
  } catch (err) {
    if (!(err instanceof OperationFormError)) throw err;
    const errors: CustomErrors = {};
    for (const problem of err.problems) {
      const field = problem.field.gui === undefined ? 'general' : problem.field.name;
      errors[field] ??= problemMessage(problem, v);
    }
    return errors;
  }
}

/** The ad-hoc workload the form describes: one operation, id `adhoc` (call when localCustomErrors has none). */
export function customSpec(v: CustomOpValues): WorkloadSpec {
  const { operation, pool } = formOperation(v);
  const spec: WorkloadSpec = {
    id: 'adhoc',
    title: `Custom ${v.kind}`,
    operations: [{ label: v.kind, weight: 1, operation }],
  };
  if (pool !== undefined) spec.pool = pool;
  return spec;
}

const OP_PREFIX = /^(?:workloadSpec\.)?operations\[0\]\.operation/;

/** The form control that shows a check error at `path` (e.g. `operations[0].operation.filter`); null: no single one. */
export function customFieldForPath(kind: OperationKind, path: string): CustomField | null {
  const match = OP_PREFIX.exec(path);
  const rest = match ? path.slice(match[0].length).replace(/^\./, '') : '';
  if (/^controls(\[|$)/.test(rest)) return controlFieldForPath(rest);
  return fieldForPath(kind, path, (f) => f.gui !== undefined)?.name ?? null;
}

/** A check error shown next to the control its path names: without that path ("Must be one of base"). */
export function checkMessage(error: Pick<ApiError, 'message' | 'detail'>): string {
  const text = error.detail ?? error.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
