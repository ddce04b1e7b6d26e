// How the CLI words a problem of the operation form (src/shared/operations/formFields.ts): in the
// options' words, naming the option at fault.
import { ApiError, invalid } from '../shared/errors.ts';
import { parseControlArgument } from '../shared/controlArgument.ts';
import { OPERATION_KINDS } from '../shared/workload.ts';
import { takesControl } from '../shared/operations/controlFields.ts';
import type { FormField, FormProblem } from '../shared/operations/formFields.ts';
import { isOperationKind, OPERATION_TRAITS } from '../shared/operations/registry.ts';

/** The option a field comes from, `--entry-dn`. */
function optionOf(field: FormField): string {
  return `--${field.cli?.option ?? field.name}`;
}

/** The option with its value's placeholder, `--credentials FILE`. */
function withValue(field: FormField): string {
  const value = field.cli?.value;
  return value === undefined ? optionOf(field) : `${optionOf(field)} ${value}`;
}

/** "--op KIND needs --OPTION ..." with the field's own words or an example. */
function missing(field: FormField, kind: string): string {
  const option = optionOf(field);
  const { needs, example } = field.cli ?? {};
  if (needs !== undefined) return `--op ${kind} needs ${option} ${needs}`;
  return `--op ${kind} needs ${option}${example === undefined ? '' : `, e.g. ${option} '${example}'`}`;
}

/** A control option on a kind that cannot carry its control. */
function notAccepted(problem: Extract<FormProblem, { problem: 'not-accepted' }>): string {
  const { kind, control } = problem;
  const option = optionOf(problem.field);
  if (isOperationKind(kind) && OPERATION_TRAITS[kind].controls.length === 0) {
    return `${option} does not go with --op ${kind}: a ${kind} is sent without request controls`;
  }
  const kinds = OPERATION_KINDS.filter((k) => takesControl(k, control));
  return `${option}: a ${control} control cannot go on a ${kind} operation; it goes on ${kinds.join(', ')}`;
}

/** The sentence for `problem`. */
function message(problem: FormProblem, kind: string): string {
  const option = optionOf(problem.field);
  switch (problem.problem) {
    case 'missing':
      return missing(problem.field, kind);
    case 'not-both':
      return `give ${withValue(problem.field)} or ${withValue(problem.other)}, not both`;
    case 'choice':
      return `${option} must be one of ${(problem.field.choices ?? []).map((c) => c.value).join(', ')}; got "${problem.got}"`;
    case 'whole':
      return /^-?\d+$/.test(problem.got)
        ? `${option} must be between ${problem.min} and ${problem.max}, got ${problem.got}`
        : `${option} must be a whole number, got "${problem.got}"`;
    case 'number':
      return `${option} must be a number from ${problem.min} to ${problem.max}, got "${problem.got}"`;
    case 'no-attributes':
      return `${option} needs attribute names, e.g. ${option} ${problem.field.cli?.example ?? 'cn'}`;
    case 'control':
      return problem.line;
    case 'not-accepted':
      return notAccepted(problem);
  }
}

/** The error for the first problem of an `--op KIND` form, naming its option. */
export function formProblemError(problem: FormProblem, kind: string): ApiError {
  if (problem.problem === 'control') {
    try {
      parseControlArgument(problem.line, optionOf(problem.field));
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
  }
  return invalid(optionOf(problem.field), message(problem, kind));
}
