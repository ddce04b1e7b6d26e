// ModifyDN: renames an entry named by a pattern, or one of the run's own entries to a fresh name (kept for cleanup).
import { ModifyDNRequest, NoSuchObjectError } from 'ldapts';
import type { Client, Control } from 'ldapts';
import type { ModifyDnOperation } from '../../../shared/workload.ts';
import { sendChecked } from '../../ldap/clientInternals.ts';
import { callWithControls, compileControls } from '../opControls.ts';
import type { OpControls } from '../opControls.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OpFactory, OpTools } from './opTypes.ts';
import { firstRdn } from './template.ts';

/** Sends a modifyDN request (ldapts's own always deletes the old RDN value) with `controls`. */
function renameRequest(dn: string, newRdn: string, deleteOldRdn: boolean, controls?: Control[]) {
  return (messageId: number) =>
    new ModifyDNRequest({ messageId, dn, newRdn, deleteOldRdn, ...(controls && { controls }) });
}

/** Sends a rename, with the op's controls when it has any. */
function rename(
  client: Client,
  controls: OpControls | null,
  dn: string,
  newRdn: string,
  deleteOldRdn: boolean,
): Promise<unknown> {
  if (controls === null) return sendChecked(client, renameRequest(dn, newRdn, deleteOldRdn));
  return callWithControls(controls, (sent) =>
    sendChecked(client, renameRequest(dn, newRdn, deleteOldRdn, sent)),
  );
}

/** The DN `dn` will have once its RDN becomes `newRdn` (same parent). */
function renamedDn(dn: string, newRdn: string): string {
  const comma = dn.search(/[^\\],/);
  return comma < 0 ? newRdn : `${newRdn}${dn.slice(comma + 1)}`;
}

/** Compiles a modifyDN operation. */
export function compileModifyDn(op: ModifyDnOperation, tools: OpTools): OpFactory {
  const deleteOldRdn = op.deleteOldRdn ?? true;
  const controls = compileControls(op.controls, tools);
  if (op.entryDn !== undefined) {
    const dn = tools.pattern(op.entryDn);
    // The validator requires newRdn with entryDn.
    const newRdn = tools.pattern(op.newRdn ?? '');
    return (ctx) => {
      const target = dn.next(ctx);
      const to = newRdn.next(ctx);
      const opControls = controls === null ? null : controls(ctx);
      return ldaptsOp(async (client) => {
        await rename(client, opControls, target, to, deleteOldRdn);
        return 0;
      });
    };
  }
  const { own } = tools;
  return (ctx) => {
    const unique = ctx.unique();
    const opControls = controls === null ? null : controls(ctx);
    return ldaptsOp(async (client) => {
      const dn = own.take();
      const attribute = firstRdn(dn)?.[0] ?? 'cn';
      const newRdn = `${attribute}=dirbench ${unique}`;
      try {
        await rename(client, opControls, dn, newRdn, deleteOldRdn);
      } catch (err) {
        if (!(err instanceof NoSuchObjectError)) own.put(dn);
        throw err;
      }
      own.put(renamedDn(dn, newRdn));
      return 0;
    });
  };
}
