// Add: an entry from the workload's template under a unique DN, remembered so the run can remove it;
// checked and compiled.
import type { AddOperation } from '../../../shared/workload.ts';
import { callWithControls, compileControls } from '../opControls.ts';
import { templateField } from '../patternFields.ts';
import type { PatternOptions } from '../patternFields.ts';
import { child, fieldsOf } from '../specFields.ts';
import { controlsField } from '../validateControls.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OperationModule, OpFactory, OpTools } from './opTypes.ts';
import { templateExpander } from './template.ts';

/** Compiles an add operation. */
function compileAdd(op: AddOperation, tools: OpTools): OpFactory {
  const expand = templateExpander(op.template, tools);
  const controls = compileControls(op.controls, tools);
  return (ctx) => {
    const entry = expand(ctx);
    const opControls = controls === null ? null : controls(ctx);
    return ldaptsOp(async (client) => {
      if (opControls === null) await client.add(entry.dn, entry.attributes);
      else
        await callWithControls(opControls, (sent) => client.add(entry.dn, entry.attributes, sent));
      tools.own.put(entry.dn);
      return 0;
    });
  };
}

/** Validates an add. */
function validateAdd(value: unknown, field: string, options: PatternOptions): AddOperation {
  const f = fieldsOf(value, field, ['kind', 'template', 'controls'], ['template']);
  return {
    kind: 'add',
    template: templateField(f.template, child(field, 'template'), options),
    ...controlsField(f, field, 'add', options),
  };
}

/** The add kind's engine side. */
export const ADD_MODULE: OperationModule<'add'> = { validate: validateAdd, compile: compileAdd };
