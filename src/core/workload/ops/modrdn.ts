// ModifyDN: renames an entry named by a pattern, or one of the run's own entries to a fresh name (kept for cleanup).
import { ModifyDNRequest, NoSuchObjectError } from 'ldapts';
import type { ModifyDnOperation } from '../../../shared/workload.ts';
import { sendChecked } from '../../ldap/clientInternals.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OpFactory, OpTools } from './opTypes.ts';
import { firstRdn } from './template.ts';

/** Sends a modifyDN request (ldapts's own always deletes the old RDN value). */
function renameRequest(dn: string, newRdn: string, deleteOldRdn: boolean) {
  return (messageId: number) => new ModifyDNRequest({ messageId, dn, newRdn, deleteOldRdn });
}

/** The DN `dn` will have once its RDN becomes `newRdn` (same parent). */
function renamedDn(dn: string, newRdn: string): string {
  const comma = dn.search(/[^\\],/);
  return comma < 0 ? newRdn : `${newRdn}${dn.slice(comma + 1)}`;
}

/** Compiles a modifyDN operation. */
export function compileModifyDn(op: ModifyDnOperation, tools: OpTools): OpFactory {
  const deleteOldRdn = op.deleteOldRdn ?? true;
  if (op.entryDn !== undefined) {
    const dn = tools.pattern(op.entryDn);
    // The validator requires newRdn with entryDn.
    const newRdn = tools.pattern(op.newRdn ?? '');
    return (ctx) => {
      const request = renameRequest(dn.next(ctx), newRdn.next(ctx), deleteOldRdn);
      return ldaptsOp(async (client) => {
        await sendChecked(client, request);
        return 0;
      });
    };
  }
  const { own } = tools;
  return (ctx) => {
    const unique = ctx.unique();
    return ldaptsOp(async (client) => {
      const dn = own.take();
      const attribute = firstRdn(dn)?.[0] ?? 'cn';
      const newRdn = `${attribute}=dirbench ${unique}`;
      try {
        await sendChecked(client, renameRequest(dn, newRdn, deleteOldRdn));
      } catch (err) {
        if (!(err instanceof NoSuchObjectError)) own.put(dn);
        throw err;
      }
      own.put(renamedDn(dn, newRdn));
      return 0;
    });
  };
}
