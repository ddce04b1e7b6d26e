// The engine side of every operation kind, one entry each (the rows in src/shared/operations hold
// the rest): a kind without its module does not compile.
import type { OperationKind } from '../../../shared/operations/registry.ts';
import { ADD_MODULE } from './add.ts';
import { BIND_MODULE } from './bind.ts';
import { COMPARE_MODULE } from './compare.ts';
import { DELETE_MODULE } from './delete.ts';
import { MODIFY_MODULE } from './modify.ts';
import { MODRDN_MODULE } from './modrdn.ts';
import type { OperationModule } from './opTypes.ts';
import { PASSWORD_MODIFY_MODULE } from './passwordModify.ts';
import { SEARCH_MODULE } from './search.ts';
import { SEARCH_AND_MODIFY_MODULE } from './searchAndModify.ts';
import { WHO_AM_I_MODULE } from './whoAmI.ts';

/** Each kind's checks and compiler. */
export const OPERATION_MODULES: { readonly [K in OperationKind]: OperationModule<K> } = {
  search: SEARCH_MODULE,
  add: ADD_MODULE,
  delete: DELETE_MODULE,
  modify: MODIFY_MODULE,
  modrdn: MODRDN_MODULE,
  compare: COMPARE_MODULE,
  bind: BIND_MODULE,
  'search-and-modify': SEARCH_AND_MODIFY_MODULE,
  whoami: WHO_AM_I_MODULE,
  'password-modify': PASSWORD_MODIFY_MODULE,
};
