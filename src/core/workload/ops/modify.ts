// Modify: replace, add or delete values of an attribute of an existing entry.
import { Attribute, Change } from 'ldapts';
import type { ModifyChange, ModifyOperation } from '../../../shared/workload.ts';
import type { OpContext } from '../opContext.ts';
import type { OpFactory, OpTools } from './opTypes.ts';

/** Compiles the change list of a modify into a function expanding it for the next op. */
export function changesExpander(
  changes: readonly ModifyChange[],
  tools: OpTools,
): (ctx: OpContext) => Change[] {
  const compiled = changes.map((c) => ({
    operation: c.operation,
    attribute: c.attribute,
    values: c.values.map((v) => tools.pattern(v)),
  }));
  return (ctx) =>
    compiled.map(
      (c) =>
        new Change({
          operation: c.operation,
          modification: new Attribute({
            type: c.attribute,
            // A set: two random values may coincide, and a server rejects duplicates.
            values: [...new Set(c.values.map((v) => v.next(ctx)))],
          }),
        }),
    );
}

/** Compiles a modify operation. */
export function compileModify(op: ModifyOperation, tools: OpTools): OpFactory {
  const dn = tools.pattern(op.entryDn);
  const expand = changesExpander(op.changes, tools);
  return (ctx) => {
    const target = dn.next(ctx);
    const changes = expand(ctx);
    return async (client) => {
      await client.modify(target, changes);
      return 0;
    };
  };
}
