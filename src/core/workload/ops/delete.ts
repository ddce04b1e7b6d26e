// Delete: an entry named by a DN pattern, or the oldest of the run's own entries (pool or added);
// checked and compiled.
import { NoSuchObjectError } from 'ldapts';
import type { Client } from 'ldapts';
import type { DeleteOperation } from '../../../shared/workload.ts';
import { sendLean } from '../../ldap/lean/channel.ts';
import { DeleteEncoder } from '../../ldap/lean/encode.ts';
import {
  callWithControls,
  compileControls,
  leanWithControls,
  readsEntries,
} from '../opControls.ts';
import type { ControlsFactory, OpControls } from '../opControls.ts';
import { dnPatternField } from '../patternFields.ts';
import type { PatternOptions } from '../patternFields.ts';
import { fieldsOf, optionalFields } from '../specFields.ts';
import { controlsField } from '../validateControls.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OperationModule, OpFactory, OpTools } from './opTypes.ts';

/** ldapts' own delete (the path for clients the lean path does not take). */
async function ldaptsDelete(client: Client, dn: string): Promise<number> {
  await client.del(dn);
  return 0;
}

/** A delete with the op's controls: lean unless it reads the entry (pre-read), ldapts' path otherwise. */
function deleteWithControls(
  client: Client,
  encoder: DeleteEncoder,
  dn: string,
  controls: OpControls,
  lean: boolean,
): Promise<number> {
  const run = (): Promise<number> => callWithControls(controls, (sent) => client.del(dn, sent));
  if (!lean) return run();
  return sendLean(client, leanWithControls(encoder.prepare(dn), controls)) ?? run();
}

/** Compiles a delete operation (sent on the lean path, src/core/ldap/lean). */
export function compileDelete(op: DeleteOperation, tools: OpTools): OpFactory {
  const encoder = new DeleteEncoder();
  const controls = compileControls(op.controls, tools);
  if (controls !== null) return compileDeleteWithControls(op, tools, encoder, controls);
  if (op.entryDn !== undefined) {
    const dn = tools.pattern(op.entryDn);
    return (ctx) => {
      const target = dn.next(ctx);
      const lean = encoder.prepare(target);
      return { lean, run: (client) => sendLean(client, lean) ?? ldaptsDelete(client, target) };
    };
  }
  const { own } = tools;
  return () =>
    ldaptsOp(async (client) => {
      const target = own.take();
      try {
        await (sendLean(client, encoder.prepare(target)) ?? ldaptsDelete(client, target));
      } catch (err) {
        // Still there unless the server says it is gone: cleanup must try it again.
        if (!(err instanceof NoSuchObjectError)) own.put(target);
        throw err;
      }
      return 0;
    });
}

/** Compiles a delete that carries request controls. */
function compileDeleteWithControls(
  op: DeleteOperation,
  tools: OpTools,
  encoder: DeleteEncoder,
  controls: ControlsFactory,
): OpFactory {
  const lean = !readsEntries(op.controls);
  if (op.entryDn !== undefined) {
    const dn = tools.pattern(op.entryDn);
    return (ctx) => {
      const target = dn.next(ctx);
      const opControls = controls(ctx);
      if (!lean) {
        return ldaptsOp((client) => deleteWithControls(client, encoder, target, opControls, false));
      }
      const request = leanWithControls(encoder.prepare(target), opControls);
      return {
        lean: request,
        run: (client) =>
          sendLean(client, request) ??
          callWithControls(opControls, (sent) => client.del(target, sent)),
      };
    };
  }
  const { own } = tools;
  return (ctx) => {
    const opControls = controls(ctx);
    return ldaptsOp(async (client) => {
      const target = own.take();
      try {
        await deleteWithControls(client, encoder, target, opControls, lean);
      } catch (err) {
        if (!(err instanceof NoSuchObjectError)) own.put(target);
        throw err;
      }
      return 0;
    });
  };
}

/** Validates a delete. */
function validateDelete(value: unknown, field: string, options: PatternOptions): DeleteOperation {
  const f = fieldsOf(value, field, ['kind', 'entryDn', 'controls'], []);
  return {
    kind: 'delete',
    ...optionalFields(f, field, { entryDn: (v, p) => dnPatternField(v, p, options) }),
    ...controlsField(f, field, 'delete', options),
  };
}

/** The delete kind's engine side. */
export const DELETE_MODULE: OperationModule<'delete'> = {
  validate: validateDelete,
  compile: compileDelete,
};
