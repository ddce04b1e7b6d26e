// ModifyDN: renames an entry named by a pattern, or one of the run's own entries to a fresh name
// (kept for cleanup); checked and compiled.
import { ModifyDNRequest, NoSuchObjectError } from 'ldapts';
import type { Client, Control } from 'ldapts';
import { invalid } from '../../../shared/errors.ts';
import type { ModifyDnOperation } from '../../../shared/workload.ts';
import { sendChecked } from '../../ldap/clientInternals.ts';
import { callWithControls, compileControls } from '../opControls.ts';
import type { OpControls } from '../opControls.ts';
import { dnPatternField, rdnPatternField } from '../patternFields.ts';
import type { PatternOptions } from '../patternFields.ts';
import { booleanField, child, fieldsOf, optionalFields } from '../specFields.ts';
import { controlsField } from '../validateControls.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OperationModule, OpFactory, OpTools } from './opTypes.ts';
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
function compileModifyDn(op: ModifyDnOperation, tools: OpTools): OpFactory {
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

/** Validates a rename: entryDn and newRdn together, or neither (the run's own entries). */
function validateModifyDn(
  value: unknown,
  field: string,
  options: PatternOptions,
): ModifyDnOperation {
  const keys = ['kind', 'entryDn', 'newRdn', 'deleteOldRdn', 'controls'];
  const f = fieldsOf(value, field, keys, []);
  const rename = optionalFields(f, field, {
    entryDn: (v, p) => dnPatternField(v, p, options),
    newRdn: (v, p) => rdnPatternField(v, p, options),
    deleteOldRdn: booleanField,
  });
  if (rename.entryDn !== undefined && rename.newRdn === undefined) {
    throw invalid(
      child(field, 'newRdn'),
      `${child(field, 'newRdn')} is required with entryDn: the new name, e.g. cn=[unique]`,
    );
  }
  if (rename.entryDn === undefined && rename.newRdn !== undefined) {
    // Without entryDn the run renames its own entries to `<rdn attribute>=dirbench <unique>`.
    throw invalid(
      child(field, 'newRdn'),
      `${child(field, 'newRdn')} is only used with entryDn: without it the run renames its own entries to fresh names; add entryDn or drop newRdn`,
    );
  }
  return { kind: 'modrdn', ...rename, ...controlsField(f, field, 'modrdn', options) };
}

/** The modrdn kind's engine side. */
export const MODRDN_MODULE: OperationModule<'modrdn'> = {
  validate: validateModifyDn,
  compile: compileModifyDn,
};
