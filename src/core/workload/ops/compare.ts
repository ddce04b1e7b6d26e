// Compare: one attribute value of an existing entry; compareTrue and compareFalse both succeed.
import type { CompareOperation } from '../../../shared/workload.ts';
import type { OpFactory, OpTools } from './opTypes.ts';

/** Compiles a compare operation. */
export function compileCompare(op: CompareOperation, tools: OpTools): OpFactory {
  const dn = tools.pattern(op.entryDn);
  const value = tools.pattern(op.value);
  const { attribute } = op;
  return (ctx) => {
    const target = dn.next(ctx);
    const asserted = value.next(ctx);
    return async (client) => {
      await client.compare(target, attribute, asserted);
      return 0;
    };
  };
}
