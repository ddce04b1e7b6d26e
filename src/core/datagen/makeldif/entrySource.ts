// The source of a program's generated entry function, assembled from its draft: declarations,
// line code, then the entry text (dn, objectClass, the other attributes in order of first appearance).
import { dnLineCode } from './dnCode.ts';
import type { ProgramDraft } from './compiledTypes.ts';
import { slotOf } from './slots.ts';

/** The body of `new Function('H', 'P', 'F', 'S', 'rng', ...)`: returns the entry function. */
export function entrySource(d: ProgramDraft): string {
  const { spec, slots } = d;
  const decls: string[] = [
    spec.fixedDn === null ? 'let dn = null;' : `const dn = ${JSON.stringify(spec.fixedDn)};`,
  ];
  for (let s = 0; s < slots.names.length; s++) {
    if (slots.isStatic[s]) continue;
    decls.push(slots.multi[s] ? `let v${s}, a${s} = null, o${s} = "";` : `let v${s};`);
  }
  const pw = slotOf(slots, 'userpassword');
  const tail =
    (spec.fixedDn === null ? `if (dn === null) H.noDn(${d.index});\n` : '') +
    `e.dn = dn;\ne.password = ${pw === undefined ? 'null' : `v${pw} ?? null`};\n` +
    `return ${entryText(d).join(' +\n  ')};`;
  return `"use strict";\nreturn function entry(e) {\n${d.head.join('\n')}\n${decls.join('\n')}\n${d.dnHead.join('\n')}\n${d.body.join('\n')}\n${tail}\n};`;
}

/** The expressions whose sum is the entry's LDIF: dn, objectClass, then the other attributes. */
function entryText(d: ProgramDraft): string[] {
  const { slots } = d;
  const order = slots.names.map((_, s) => s);
  const oc = slotOf(slots, 'objectclass');
  if (oc !== undefined) {
    order.splice(order.indexOf(oc), 1);
    order.unshift(oc);
  }
  const out: string[] = [dnLineCode(d)];
  for (const s of order) {
    if (slots.isStatic[s]) out.push(JSON.stringify(d.staticBlocks[s]));
    else if (slots.multi[s]) out.push(`o${s}`);
    else if (d.singleAlways.has(s)) out.push(d.singleRender[s] as string);
    else out.push(`(v${s} === undefined ? "" : ${d.singleRender[s] as string})`);
  }
  out.push('"\\n"');
  return out;
}
