// The custom operation's request controls: which each kind offers (its row's `controls`), the
// controls the form's values make (the operation form the CLI shares) and where their errors go.
import { parseControlArgument } from '../../../../shared/controlArgument.ts';
import { ApiError } from '../../../../shared/errors.ts';
import type { ControlType } from '../../../../shared/operations/common.ts';
import {
  CONTROL_FIELDS,
  controlsFromForm,
  nonBlankLines,
  takesControl,
} from '../../../../shared/operations/controlFields.ts';
import { FormReader } from '../../../../shared/operations/formFields.ts';
import type { FormField, FormInput, FormValues } from '../../../../shared/operations/formFields.ts';
import type { OperationKind } from '../../../../shared/operations/registry.ts';
import type { RequestControl } from '../../../../shared/workload.ts';

/** A control field of the custom form (`proxyAs`, `preRead`, ...). */
export type ControlFieldName = (typeof CONTROL_FIELDS)[ControlType]['name'];

/** The control type each control field makes. */
const TYPE_OF_FIELD = new Map<string, ControlType>(
  Object.entries(CONTROL_FIELDS).map(([type, field]) => [field.name, type as ControlType]),
);

/** Empty: no control. */
export function defaultControlValues(): Record<ControlFieldName, string | boolean> {
  const entries = Object.values(CONTROL_FIELDS).map((f) => [f.name, f.gui.initial] as const);
  return Object.fromEntries(entries) as Record<ControlFieldName, string | boolean>;
}

/** True when the custom form offers the control field `field` for an operation of `kind`. */
export function offersControl(kind: OperationKind, field: string): boolean {
  const type = TYPE_OF_FIELD.get(field);
  return type !== undefined && takesControl(kind, type);
}

/** The value of a GUI field, as the operation form reads it: undefined when the form hides it. */
export function guiText(values: FormValues, field: FormField, shown: boolean): string | undefined {
  return shown && field.gui !== undefined ? String(values[field.name] ?? '') : undefined;
}

/** The form's control values for `kind` (those it does not offer are not given). */
function controlInput(kind: OperationKind, values: FormValues): FormInput {
  const shown = (field: FormField) => offersControl(kind, field.name);
  return {
    text: (field) => guiText(values, field, shown(field)),
    flag: (field) => shown(field) && values[field.name] === true,
    template: () => undefined,
  };
}

/** The first raw control line that cannot be read, as the message to show; null when all read. */
export function rawControlsError(text: string): string | null {
  for (const line of nonBlankLines(text)) {
    try {
      parseControlArgument(line, 'Control');
    } catch (err) {
      if (err instanceof ApiError) return err.message;
      throw err;
    }
  }
  return null;
}

/** The controls the form asks for on an operation of `kind` (unreadable raw lines left to rawControlsError). */
export function customControls(kind: OperationKind, values: FormValues): RequestControl[] {
  return controlsFromForm(kind, new FormReader(controlInput(kind, values)));
}

/** How many controls the form asks for on `kind`, for the section's summary. */
export function controlCount(kind: OperationKind, values: FormValues): number {
  const raw = offersControl(kind, 'rawControls')
    ? nonBlankLines(String(values['rawControls'] ?? '')).length
    : 0;
  return customControls(kind, { ...values, rawControls: '' }).length + raw;
}

/** The control field a check error under `controls` belongs to (`controls[i].authzId` is the proxy identity). */
export function controlFieldForPath(rest: string): ControlFieldName | 'controls' {
  if (/^controls\[\d+\]\.authzId/.test(rest)) return 'proxyAs';
  if (/^controls\[\d+\]\.filter/.test(rest)) return 'assertionFilter';
  return 'controls';
}
