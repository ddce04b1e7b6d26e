// Every operation kind, one row each: the kind names, the operation union and the lists the checks,
// the CLI, the GUI, the runner and the reports use are all derived from this table.
import { ADD_TRAITS } from './add.ts';
import { BIND_TRAITS } from './bind.ts';
import { COMPARE_TRAITS } from './compare.ts';
import { DELETE_TRAITS } from './delete.ts';
import { MODIFY_TRAITS } from './modify.ts';
import { MODRDN_TRAITS } from './modrdn.ts';
import { PASSWORD_MODIFY_TRAITS } from './passwordModify.ts';
import { SEARCH_TRAITS } from './search.ts';
import { SEARCH_AND_MODIFY_TRAITS } from './searchAndModify.ts';
import type { OperationTraits } from './traits.ts';
import { WHO_AM_I_TRAITS } from './whoAmI.ts';

/** `rows` as given; a row under another kind's name does not compile. */
function keyedRows<T extends { [K in keyof T]: OperationTraits<{ kind: K & string }> }>(
  rows: T,
): T {
  return rows;
}

/** The rows, in display order. */
const ROWS = keyedRows({
  search: SEARCH_TRAITS,
  add: ADD_TRAITS,
  delete: DELETE_TRAITS,
  modify: MODIFY_TRAITS,
  modrdn: MODRDN_TRAITS,
  compare: COMPARE_TRAITS,
  bind: BIND_TRAITS,
  'search-and-modify': SEARCH_AND_MODIFY_TRAITS,
  whoami: WHO_AM_I_TRAITS,
  'password-modify': PASSWORD_MODIFY_TRAITS,
});

/** An operation kind (`search`, `add`, ...). */
export type OperationKind = keyof typeof ROWS;

/** The operation a row describes. */
type OperationOf<T> = T extends OperationTraits<infer Op> ? Op : never;

/** Every operation a workload can issue. */
export type WorkloadOperation = {
  [K in OperationKind]: OperationOf<(typeof ROWS)[K]>;
}[OperationKind];

/** The operation of kind `K`. */
export type OperationOfKind<K extends OperationKind> = Extract<WorkloadOperation, { kind: K }>;

/** Each kind's row, typed by its own operation. */
export const OPERATION_TRAITS: {
  readonly [K in OperationKind]: OperationTraits<OperationOfKind<K>>;
} = ROWS;

/** Operation kinds, in display order. */
export const OPERATION_KINDS = Object.keys(ROWS) as readonly OperationKind[];

/** True when `text` names an operation kind. */
export function isOperationKind(text: string): text is OperationKind {
  return Object.hasOwn(ROWS, text);
}

/** The row of `operation`'s kind, typed for it. */
export function traitsOf<Op extends WorkloadOperation>(operation: Op): OperationTraits<Op> {
  return OPERATION_TRAITS[operation.kind] as unknown as OperationTraits<Op>;
}
