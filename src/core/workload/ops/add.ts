// Add: an entry from the workload's template under a unique DN, remembered so the run can remove it.
import type { AddOperation } from '../../../shared/workload.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OpFactory, OpTools } from './opTypes.ts';
import { templateExpander } from './template.ts';

/** Compiles an add operation. */
export function compileAdd(op: AddOperation, tools: OpTools): OpFactory {
  const expand = templateExpander(op.template, tools);
  return (ctx) => {
    const entry = expand(ctx);
    return ldaptsOp(async (client) => {
      await client.add(entry.dn, entry.attributes);
      tools.own.put(entry.dn);
      return 0;
    });
  };
}
