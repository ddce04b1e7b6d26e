// Compare: one attribute value of an existing entry, checked and compiled; compareTrue and
// compareFalse both succeed.
import type { Client } from 'ldapts';
import type { CompareOperation } from '../../../shared/workload.ts';
import { sendLean } from '../../ldap/lean/channel.ts';
import { CompareEncoder } from '../../ldap/lean/encode.ts';
import { callWithControls, compileControls, leanWithControls } from '../opControls.ts';
import { attributeField, dnPatternField, patternField } from '../patternFields.ts';
import type { PatternOptions } from '../patternFields.ts';
import { child, fieldsOf } from '../specFields.ts';
import { controlsField } from '../validateControls.ts';
import type { OperationModule, OpFactory, OpTools } from './opTypes.ts';

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

/** Validates a compare. */
function validateCompare(value: unknown, field: string, options: PatternOptions): CompareOperation {
  const keys = ['kind', 'entryDn', 'attribute', 'value'];
  const f = fieldsOf(value, field, [...keys, 'controls'], keys);
  return {
    kind: 'compare',
    entryDn: dnPatternField(f.entryDn, child(field, 'entryDn'), options),
    attribute: attributeField(f.attribute, child(field, 'attribute')),
    value: patternField(f.value, child(field, 'value'), options, false),
    ...controlsField(f, field, 'compare', options),
  };
}

/** The compare kind's engine side. */
export const COMPARE_MODULE: OperationModule<'compare'> = {
  validate: validateCompare,
  compile: compileCompare,
};
