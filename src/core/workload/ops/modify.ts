// Modify: replace, add or delete values of an attribute of an existing entry, checked and compiled.
import { Attribute, Change } from 'ldapts';
import type { Client } from 'ldapts';
import type { ModifyChange, ModifyOperation } from '../../../shared/workload.ts';
import { sendLean } from '../../ldap/lean/channel.ts';
import { ModifyEncoder } from '../../ldap/lean/encode.ts';
import {
  callWithControls,
  compileControls,
  leanWithControls,
  readsEntries,
} from '../opControls.ts';
import type { OpContext } from '../opContext.ts';
import { attributeField, dnPatternField, patternField } from '../patternFields.ts';
import type { PatternOptions } from '../patternFields.ts';
import { child, choiceField, fieldsOf, listOf, objectListField } from '../specFields.ts';
import { controlsField } from '../validateControls.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OperationModule, OpFactory, OpTools } from './opTypes.ts';

/** Compiles the values of a modify's changes into a function expanding them for the next op (one list per change). */
function valuesExpander(
  changes: readonly ModifyChange[],
  tools: OpTools,
): (ctx: OpContext) => string[][] {
  const compiled = changes.map((c) => c.values.map((v) => tools.pattern(v)));
  // A set: two random values may coincide, and a server rejects duplicates (one value cannot).
  return (ctx) =>
    compiled.map((values) =>
      values.length === 1
        ? [(values[0] as (typeof values)[number]).next(ctx)]
        : [...new Set(values.map((v) => v.next(ctx)))],
    );
}

/** ldapts Change objects for `changes` with this op's values. */
function ldaptsChanges(changes: readonly ModifyChange[], values: string[][]): Change[] {
  return changes.map(
    (c, i) =>
      new Change({
        operation: c.operation,
        modification: new Attribute({ type: c.attribute, values: values[i] ?? [] }),
      }),
  );
}

/** Compiles the change list of a modify into a function expanding it for the next op. */
export function changesExpander(
  changes: readonly ModifyChange[],
  tools: OpTools,
): (ctx: OpContext) => Change[] {
  const expand = valuesExpander(changes, tools);
  return (ctx) => ldaptsChanges(changes, expand(ctx));
}

/** ldapts' own modify (the path for clients the lean path does not take). */
async function ldaptsModify(client: Client, dn: string, changes: Change[]): Promise<number> {
  await client.modify(dn, changes);
  return 0;
}

/**
 * Compiles a modify operation (sent on the lean path, src/core/ldap/lean). With pre-read or
 * post-read controls it takes ldapts' path, which reads the entries the server returns.
 */
export function compileModify(op: ModifyOperation, tools: OpTools): OpFactory {
  const dn = tools.pattern(op.entryDn);
  const expand = valuesExpander(op.changes, tools);
  const encoder = new ModifyEncoder(op.changes);
  const controls = compileControls(op.controls, tools);
  if (controls !== null) {
    const lean = !readsEntries(op.controls);
    return (ctx) => {
      const target = dn.next(ctx);
      const values = expand(ctx);
      const opControls = controls(ctx);
      const run = (client: Client): Promise<number> =>
        callWithControls(opControls, (sent) =>
          client.modify(target, ldaptsChanges(op.changes, values), sent),
        );
      if (!lean) return ldaptsOp(run);
      const request = leanWithControls(encoder.prepare(target, values), opControls);
      return { lean: request, run: (client) => sendLean(client, request) ?? run(client) };
    };
  }
  return (ctx) => {
    const target = dn.next(ctx);
    const values = expand(ctx);
    const lean = encoder.prepare(target, values);
    return {
      lean,
      run: (client) =>
        sendLean(client, lean) ?? ldaptsModify(client, target, ldaptsChanges(op.changes, values)),
    };
  };
}

/** Validates a change list (a modify's, a search-and-modify's). */
export function validateChanges(
  value: unknown,
  field: string,
  options: PatternOptions,
): ModifyChange[] {
  return objectListField(value, field, 1, ['operation', 'attribute', 'values'], (f, path) => {
    const operation = choiceField(f.operation, child(path, 'operation'), [
      'replace',
      'add',
      'delete',
    ] as const);
    const attribute = attributeField(f.attribute, child(path, 'attribute'));
    // Replace with no value would delete the attribute, add with none is a protocol error: both are mistakes here.
    const values = listOf(f.values, child(path, 'values'), operation === 'delete' ? 0 : 1, (v, p) =>
      patternField(v, p, options),
    );
    return { operation, attribute, values };
  });
}

/** Validates a modify. */
function validateModify(value: unknown, field: string, options: PatternOptions): ModifyOperation {
  const keys = ['kind', 'entryDn', 'changes', 'controls'];
  const f = fieldsOf(value, field, keys, ['entryDn', 'changes']);
  const entryDn = dnPatternField(f.entryDn, child(field, 'entryDn'), options);
  return {
    kind: 'modify',
    entryDn,
    changes: validateChanges(f.changes, child(field, 'changes'), options),
    ...controlsField(f, field, 'modify', options),
  };
}

/** The modify kind's engine side. */
export const MODIFY_MODULE: OperationModule<'modify'> = {
  validate: validateModify,
  compile: compileModify,
};
