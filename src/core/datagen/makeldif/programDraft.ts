// The state of one branch or template while its entry function is generated: what is known about
// each slot so far, and the code written so far.
import type { ProgramDraft, ProgramSpec } from './compiledTypes.ts';
import type { TextProps } from './textProps.ts';
import { dnCheck, rdnProblem } from './dnCode.ts';
import { renderConstLine } from './lineWriters.ts';
import { layoutSlots, slotOf, staticText } from './slots.ts';
import { mergeProps } from './textProps.ts';

/** A draft with its slots laid out, its static slots written as constants and its DN problem known. */
export function startDraft(spec: ProgramSpec, index: number): ProgramDraft {
  const slots = layoutSlots(spec.lines);
  const d: ProgramDraft = {
    spec,
    index,
    slots,
    rdnSlots: spec.rdnAttrs.map((a) => slotOf(slots, a)),
    problem: null,
    defined: slots.names.map(() => false),
    always: slots.names.map(() => false),
    props: slots.names.map(() => null),
    formOf: slots.names.map(() => null),
    staticBlocks: slots.names.map(() => null),
    head: [],
    dnHead: [],
    body: [],
    singleRender: [],
    singleAlways: new Set(),
    resets: new Set(),
  };
  for (let s = 0; s < slots.names.length; s++) if (slots.isStatic[s]) addStaticSlot(d, s);
  // A template only extended by others needs no RDN: the problem counts only if it generates entries.
  if (spec.fixedDn === null) {
    d.problem = rdnProblem(spec, d.rdnSlots);
    if (d.problem === null && d.rdnSlots.every((s) => slots.isStatic[s as number]))
      d.dnHead.push(dnCheck(d));
  }
  return d;
}

/** Static slots are constants: their lines, de-duplicated, are one string written as is. */
function addStaticSlot(d: ProgramDraft, s: number): void {
  const values: string[] = [];
  let block = '';
  for (const l of d.spec.lines) {
    if (slotOf(d.slots, l.attr) !== s) continue;
    const v = staticText(l);
    if (values.includes(v)) continue;
    values.push(v);
    block += renderConstLine(l, v);
    d.formOf[s] ??= l.form;
  }
  d.staticBlocks[s] = block;
  d.head.push(`const v${s} = ${JSON.stringify(values[0])};`);
  if (d.slots.multi[s]) d.head.push(`const a${s} = ${JSON.stringify(values.slice(1))};`);
}

/** Records that a line gave slot `s` a value holding `props`, only under a condition if `conditional`. */
export function noteValue(
  d: ProgramDraft,
  s: number,
  props: TextProps,
  conditional: boolean,
): void {
  const known = d.props[s] ?? null;
  d.props[s] = known === null ? props : mergeProps(known, props);
  if (conditional) d.props[s] = { ...(d.props[s] as TextProps), empty: true };
  d.defined[s] = true;
  d.always[s] = (d.always[s] as boolean) || !conditional;
  if (!conditional && !d.slots.multi[s]) d.singleAlways.add(s);
}
