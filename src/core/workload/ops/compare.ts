// Compare: one attribute value of an existing entry; compareTrue and compareFalse both succeed.
import type { Client } from 'ldapts';
import type { CompareOperation } from '../../../shared/workload.ts';
import { sendLean } from '../../ldap/lean/channel.ts';
import { CompareEncoder } from '../../ldap/lean/encode.ts';
import { callWithControls, compileControls, leanWithControls } from '../opControls.ts';
import type { OpFactory, OpTools } from './opTypes.ts';

/** ldapts' own compare (the path for clients the lean path does not take). */
async function ldaptsCompare(
  client: Client,
  dn: string,
  attribute: string,
  value: string,
): Promise<number> {
  await client.compare(dn, attribute, value);
  return 0;
}

/** Compiles a compare operation (sent on the lean path, src/core/ldap/lean). */
export function compileCompare(op: CompareOperation, tools: OpTools): OpFactory {
  const dn = tools.pattern(op.entryDn);
  const value = tools.pattern(op.value);
  const { attribute } = op;
  const encoder = new CompareEncoder(attribute);
  const controls = compileControls(op.controls, tools);
  if (controls !== null) {
    return (ctx) => {
      const target = dn.next(ctx);
      const asserted = value.next(ctx);
      const opControls = controls(ctx);
      const lean = leanWithControls(encoder.prepare(target, asserted), opControls);
      return {
        lean,
        run: (client) =>
          sendLean(client, lean) ??
          callWithControls(opControls, (sent) => client.compare(target, attribute, asserted, sent)),
      };
    };
  }
  return (ctx) => {
    const target = dn.next(ctx);
    const asserted = value.next(ctx);
    const lean = encoder.prepare(target, asserted);
    return {
      lean,
      run: (client) => sendLean(client, lean) ?? ldaptsCompare(client, target, attribute, asserted),
    };
  };
}
