// The generated code of one template line whose value has tags: build the value, keep it in its
// slot (de-duplicated when several lines share the attribute), and write it.
import { dnCheck } from './dnCode.ts';
import { renderLine } from './lineWriters.ts';
import type { LineDef } from './parse.ts';
import { noteValue } from './programDraft.ts';
import type { ProgramDraft } from './compiledTypes.ts';
import { combine, partsAreSafe, propsOf } from './textProps.ts';
import type { TextProps } from './textProps.ts';

/** A line's parts compiled: literal text or code of each value part, and the conditions on the line. */
export interface CompiledParts {
  exprs: { literal: string | null; code: string }[];
  props: TextProps[];
  conds: string[];
}

/** Adds the code of line `l` (slot `s`) to the draft, and the DN's code once the RDN can be known. */
export function emitLine(d: ProgramDraft, l: LineDef, s: number, parts: CompiledParts): void {
  const multi = d.slots.multi[s] as boolean;
  const safe = partsAreSafe(parts.props);
  const conditional = parts.conds.length > 0;
  let code = `const t = ${joinParts(parts.exprs)};\n`;
  if (!multi) code += `v${s} = t;\n`;
  else {
    code +=
      `if (v${s} === undefined) { v${s} = t; o${s} = ${renderLine(l, safe, 't')}; }\n` +
      `else if (t !== v${s} && (a${s} === null || !a${s}.includes(t))) { (a${s} ??= []).push(t); o${s} += ${renderLine(l, safe, 't')}; }\n`;
  }
  if (!multi) d.singleRender[s] = renderLine(l, safe, `v${s}`);
  d.body.push(`// line ${l.line}: ${l.attr.replace(/[^A-Za-z0-9;.-]/g, '')}`);
  d.body.push(conditional ? `if (${parts.conds.join(' && ')}) {\n${code}}` : `{\n${code}}`);
  const lineProps = parts.props.length === 0 ? propsOf('') : combine(parts.props);
  noteValue(d, s, lineProps, conditional);
  if (d.spec.fixedDn === null && d.problem === null && d.rdnSlots.includes(s))
    d.body.push(dnCheck(d));
}

/** The value's expression; adjacent literal text joins into one string constant. */
function joinParts(exprs: CompiledParts['exprs']): string {
  const pieces: string[] = [];
  let pending: string | null = null;
  for (const x of exprs) {
    if (x.literal !== null) pending = (pending ?? '') + x.literal;
    else {
      if (pending !== null) pieces.push(JSON.stringify(pending));
      pending = null;
      pieces.push(x.code);
    }
  }
  if (pending !== null) pieces.push(JSON.stringify(pending));
  return pieces.length === 0 ? '""' : pieces.join(' + ');
}
