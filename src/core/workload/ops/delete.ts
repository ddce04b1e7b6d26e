// Delete: an entry named by a DN pattern, or the oldest of the run's own entries (pool or added).
import { NoSuchObjectError } from 'ldapts';
import type { DeleteOperation } from '../../../shared/workload.ts';
import type { OpFactory, OpTools } from './opTypes.ts';

/** Compiles a delete operation. */
export function compileDelete(op: DeleteOperation, tools: OpTools): OpFactory {
  if (op.entryDn !== undefined) {
    const dn = tools.pattern(op.entryDn);
    return (ctx) => {
      const target = dn.next(ctx);
      return async (client) => {
        await client.del(target);
        return 0;
      };
    };
  }
  const { own } = tools;
  return () => async (client) => {
    const target = own.take();
    try {
      await client.del(target);
    } catch (err) {
      // Still there unless the server says it is gone: cleanup must try it again.
      if (!(err instanceof NoSuchObjectError)) own.put(target);
      throw err;
    }
    return 0;
  };
}
