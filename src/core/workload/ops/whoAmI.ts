// WhoAmI (RFC 4532): one extended request with no value, checked and compiled; sent on the lean
// path, its answer (the authorization identity) is not read.
import type { Client } from 'ldapts';
import type { WhoAmIOperation } from '../../../shared/operations/whoAmI.ts';
import { WHO_AM_I_OID } from '../../../shared/operations/whoAmI.ts';
import { sendLean } from '../../ldap/lean/channel.ts';
import { ExtendedEncoder } from '../../ldap/lean/encode.ts';
import { callWithControls, compileControls, leanWithControls } from '../opControls.ts';
import type { PatternOptions } from '../patternFields.ts';
import { fieldsOf } from '../specFields.ts';
import { controlsField } from '../validateControls.ts';
import type { OperationModule, OpFactory, OpTools } from './opTypes.ts';

/** ldapts' own WhoAmI (the path for clients the lean path does not take). */
async function ldaptsWhoAmI(client: Client): Promise<number> {
  await client.exop(WHO_AM_I_OID);
  return 0;
}

/** Compiles a WhoAmI operation. */
function compileWhoAmI(op: WhoAmIOperation, tools: OpTools): OpFactory {
  const encoder = new ExtendedEncoder(WHO_AM_I_OID);
  const controls = compileControls(op.controls, tools);
  if (controls !== null) {
    return (ctx) => {
      const opControls = controls(ctx);
      const lean = leanWithControls(encoder.prepare(null), opControls);
      return {
        lean,
        run: (client) =>
          sendLean(client, lean) ??
          callWithControls(opControls, (sent) => client.exop(WHO_AM_I_OID, undefined, sent)),
      };
    };
  }
  return () => {
    const lean = encoder.prepare(null);
    return { lean, run: (client) => sendLean(client, lean) ?? ldaptsWhoAmI(client) };
  };
}

/** Validates a WhoAmI. */
function validateWhoAmI(value: unknown, field: string, options: PatternOptions): WhoAmIOperation {
  const f = fieldsOf(value, field, ['kind', 'controls'], ['kind']);
  return { kind: 'whoami', ...controlsField(f, field, 'whoami', options) };
}

/** The WhoAmI kind's engine side. */
export const WHO_AM_I_MODULE: OperationModule<'whoami'> = {
  validate: validateWhoAmI,
  compile: compileWhoAmI,
};
