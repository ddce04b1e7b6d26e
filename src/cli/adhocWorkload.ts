// Builds a workload from searchrate-style options (`--op search --base ... --filter ...`) through the
// operation form the GUI's custom operation also fills (src/shared/operations/operationForm.ts), so
// a searchrate, modrate or authrate command line translates option by option.
import { extname } from 'node:path';
import { parseEntryTemplateText } from '../shared/entryTemplateText.ts';
import { invalid } from '../shared/errors.ts';
import { OPERATION_KINDS } from '../shared/workload.ts';
import type { EntryTemplate, WorkloadSpec } from '../shared/workload.ts';
import { CONTROL_FIELDS } from '../shared/operations/controlFields.ts';
import { OperationFormError } from '../shared/operations/formFields.ts';
import type { FormField, FormInput } from '../shared/operations/formFields.ts';
import { fieldForPath, operationFromForm } from '../shared/operations/operationForm.ts';
import type { FormOperation } from '../shared/operations/operationForm.ts';
import { isOperationKind, OPERATION_TRAITS } from '../shared/operations/registry.ts';
import type { OperationKind } from '../shared/operations/registry.ts';
import { openDjToValuePattern, PatternError } from '../core/pattern/index.ts';
import { parseJsonText, readTextFile } from './fileInput.ts';
import { CONTROL_OPTIONS } from './controlOptions.ts';
import { formProblemError } from './formProblems.ts';
import type { RawOptions } from './options.ts';

/** Id every CLI-built workload runs under. */
export const ADHOC_ID = 'adhoc';

function text(options: RawOptions, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

/** Reads --template FILE: JSON ({dn, attributes: [{name, values, repeat}]}) or LDIF-like text with value patterns. */
export function readTemplateFile(path: string): EntryTemplate {
  const shown = `--template ${path}`;
  const content = readTextFile(path, '--template', shown);
  if (extname(path).toLowerCase() !== '.json') return parseEntryTemplateText(content, shown);
  return parseJsonText(content, '--template', shown) as EntryTemplate;
}

/** The options as the operation form's values: each field's option, a repeated one as lines. */
function cliInput(options: RawOptions): FormInput {
  const raw = (field: FormField) =>
    field.cli === undefined ? undefined : options[field.cli.option];
  return {
    text: (field) => {
      const value = raw(field);
      return Array.isArray(value)
        ? value.join('\n')
        : typeof value === 'string'
          ? value
          : undefined;
    },
    flag: (field) => (raw(field) === true) !== (field.cli?.inverted === true),
    template: (field) => {
      const path = raw(field);
      return typeof path === 'string' ? readTemplateFile(path) : undefined;
    },
  };
}

/** Every field with a CLI option, the controls' included. */
function optionFields(): FormField[] {
  const fields = OPERATION_KINDS.flatMap((kind) => OPERATION_TRAITS[kind].form.fields);
  return [...fields, ...Object.values(CONTROL_FIELDS)].filter((f) => f.cli !== undefined);
}

/** Options whose values are value patterns (OpenDJ format strings when --generator is given). */
const PATTERN_OPTIONS = [
  ...new Set(
    optionFields()
      .filter((f) => f.type === 'pattern')
      .map((f) => f.cli?.option ?? ''),
  ),
];

/** With OpenDJ's -g generators, reads the pattern options as OpenDJ format strings ({1}, {2}, ...). */
function translateOpenDj(options: RawOptions): RawOptions {
  const raw = options.generator;
  if (raw === undefined) return options;
  const generators = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const out: RawOptions = { ...options };
  for (const name of PATTERN_OPTIONS) {
    const value = options[name];
    if (typeof value !== 'string') continue;
    try {
      out[name] = openDjToValuePattern(value, generators);
    } catch (err) {
      if (err instanceof PatternError) throw invalid(`--${name}`, `--${name}: ${err.message}`);
      throw err;
    }
  }
  return out;
}

/** The operation of `--op KIND` and its options; the first problem names its option. */
function operationFrom(kind: OperationKind, options: RawOptions): FormOperation {
  try {
    return operationFromForm(kind, cliInput(options));
  } catch (err) {
    const first = err instanceof OperationFormError ? err.problems[0] : undefined;
    throw first === undefined ? err : formProblemError(first, kind);
  }
}

/** Refuses the options that only make sense with --op when it is absent. */
function checkWithoutOp(given: RawOptions): void {
  const control = Object.keys(CONTROL_OPTIONS).find((name) => given[name] !== undefined);
  if (control !== undefined) {
    throw invalid(
      `--${control}`,
      `--${control} adds a request control to the --op operation: give --op too, or put the control in a --workload-file operation's controls`,
    );
  }
  if (given.generator !== undefined) {
    throw invalid('--generator', '--generator fills {1}, {2}, ... in --op options: give --op too');
  }
}

/** The ad-hoc workload of `--op KIND ...`, or null when no --op was given. */
export function adhocWorkload(given: RawOptions): WorkloadSpec | null {
  const op = text(given, 'op');
  if (op === undefined) {
    checkWithoutOp(given);
    return null;
  }
  const options = translateOpenDj(given);
  if (!isOperationKind(op)) {
    throw invalid('--op', `unknown --op "${op}": use ${OPERATION_KINDS.join(', ')}`);
  }
  const { operation, pool } = operationFrom(op, options);
  const spec: WorkloadSpec = {
    id: ADHOC_ID,
    title: `Ad-hoc ${op}`,
    source: 'dirbench run --op',
    operations: [{ label: op, weight: 1, operation }],
  };
  if (pool !== undefined) spec.pool = pool;
  return spec;
}

/** The option of the ad-hoc operation a field path came from (`changes[0].attribute` came from --attribute). */
export function adhocFieldOption(
  field: string,
  spec: WorkloadSpec | undefined,
): string | undefined {
  const kind = spec?.operations[0]?.operation.kind;
  if (kind === undefined) return undefined;
  const option = fieldForPath(kind, field, (f) => f.cli !== undefined)?.cli?.option;
  return option === undefined ? undefined : `--${option}`;
}
