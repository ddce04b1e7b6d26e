// Add: an entry from the workload's template under a unique DN, remembered so the run can remove it.
import type { AddOperation } from '../../../shared/workload.ts';
import { callWithControls, compileControls } from '../opControls.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OpFactory, OpTools } from './opTypes.ts';
import { templateExpander } from './template.ts';

/** Compiles an add operation. */
export function compileAdd(op: AddOperation, tools: OpTools): OpFactory {
  const expand = templateExpander(op.template, tools);
  const controls = compileControls(op.controls, tools);
  return (ctx) => {
    const entry = expand(ctx);
    const opControls = controls === null ? null : controls(ctx);
    return ldaptsOp(async (client) => {
      if (opControls === null) await client.add(entry.dn, entry.attributes);
      else
        await callWithControls(opControls, (sent) => client.add(entry.dn, entry.attributes, sent));
      tools.own.put(entry.dn);
      return 0;
    });
  };
}
