// Checks one workload operation: its kind first (which other fields are allowed depends on it),
// then the fields by its kind's module (src/core/workload/ops/).
import { invalid } from '../../shared/errors.ts';
import { OPERATION_KINDS } from '../../shared/workload.ts';
import type { WorkloadOperation } from '../../shared/workload.ts';
import { OPERATION_MODULES } from './ops/operationModules.ts';
import type { PatternOptions } from './patternFields.ts';
import { child, choiceField, fieldsOf } from './specFields.ts';

/** Validates one operation (`field` is its path, e.g. `operations[1].operation`). */
export function validateOperation(
  value: unknown,
  field: string,
  options: PatternOptions,
): WorkloadOperation {
  const kind = fieldsOf(value, field, Object.keys(Object(value)), []).kind;
  const kindField = child(field, 'kind');
  if (kind === undefined) {
    throw invalid(kindField, `${kindField} is required: one of ${OPERATION_KINDS.join(', ')}`);
  }
  const k = choiceField(kind, kindField, OPERATION_KINDS);
  return OPERATION_MODULES[k].validate(value, field, options);
}
