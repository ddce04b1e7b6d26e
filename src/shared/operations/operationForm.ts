// The one form-to-operation step: the CLI (`dirbench run --op KIND ...`) and the GUI's custom form
// give their values through a FormInput, and both get the same operation, pool and problems.
import type { WorkloadPool } from './common.ts';
import { controlsFromForm } from './controlFields.ts';
import { FormReader, OperationFormError } from './formFields.ts';
import type { FormField, FormInput } from './formFields.ts';
import { OPERATION_TRAITS } from './registry.ts';
import type { OperationKind, WorkloadOperation } from './registry.ts';
import type { BuiltOperation } from './traits.ts';

/** The operation a form describes, with the pool of entries it takes when it takes the run's own. */
export interface FormOperation {
  operation: WorkloadOperation;
  pool?: WorkloadPool;
}

/** The operation of `kind` that `input` describes; throws OperationFormError with every problem. */
export function operationFromForm(kind: OperationKind, input: FormInput): FormOperation {
  const reader = new FormReader(input);
  const build = OPERATION_TRAITS[kind].form.build as (
    r: FormReader,
  ) => BuiltOperation<WorkloadOperation>;
  const built = build(reader);
  const controls = controlsFromForm(kind, reader);
  if (reader.problems.length > 0) throw new OperationFormError(reader.problems);
  // controlsFromForm gives none to a kind that takes none (a bind).
  const operation = (
    controls.length === 0 ? built.operation : { ...built.operation, controls }
  ) as WorkloadOperation;
  return built.pool === undefined ? { operation } : { operation, pool: built.pool };
}

/** True when `path` is `prefix` or lies under it (`changes[0].values` under `changes`). */
function covers(prefix: string, path: string): boolean {
  if (prefix === path) return true;
  return prefix !== '' && (path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`));
}

/**
 * The field of `kind`'s form that shows a check error at `path` (`operations[0].operation.filter`,
 * `pool.entries`, with or without `workloadSpec.` first), among the fields `shows` keeps (the
 * host's own); the most specific one, or null when none does.
 */
export function fieldForPath(
  kind: OperationKind,
  path: string,
  shows: (field: FormField) => boolean,
): FormField | null {
  const rest = path.replace(/^workloadSpec\./, '');
  const inOperation = /^operations\[\d+\]\.operation(?=$|[.[])/.exec(rest);
  const sub = inOperation ? rest.slice(inOperation[0].length).replace(/^\./, '') : rest;
  let best: FormField | null = null;
  let bestLength = -1;
  for (const field of OPERATION_TRAITS[kind].form.fields) {
    const paths = (inOperation ? field.at : field.specAt) ?? [];
    for (const prefix of paths) {
      if (shows(field) && covers(prefix, sub) && prefix.length > bestLength) {
        best = field;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}
