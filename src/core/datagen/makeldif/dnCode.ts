// The generated code of a template entry's DN: its RDN from the entry's own values, then the parent DN.
import { escapeRdnValue } from '../../ldif/dn.ts';
import { ldifLine } from '../../ldif/write.ts';
import type { LineDef } from './parse.ts';
import type { ProgramDraft } from './compiledTypes.ts';
import { slotOf, staticText } from './slots.ts';
import type { TextProps } from './textProps.ts';

/** Why a template's entries cannot have a DN (an rdnAttr no line gives, or none at all), or null. */
export function rdnProblem(
  spec: { name: string; rdnAttrs: string[] },
  rdnSlots: (number | undefined)[],
): string | null {
  const missing = spec.rdnAttrs.find((_, i) => rdnSlots[i] === undefined);
  if (missing !== undefined)
    return `template ${spec.name}: rdnAttr ${missing} has no line giving it a value`;
  if (spec.rdnAttrs.length === 0)
    return `template ${spec.name} has no rdnAttr: its entries need one to have a DN (e.g. rdnAttr: uid)`;
  return null;
}

/** The RDN as an expression, from what is known of its values so far. */
function rdnExpr(d: ProgramDraft): string {
  return d.spec.rdnAttrs
    .map((attr, i) => {
      const s = d.rdnSlots[i] as number;
      const p = d.props[s];
      // Values that cannot hold anything RFC 4514 escapes go into the DN as they are.
      const plain = p !== undefined && p !== null && p.inner && p.start && p.end && !p.special;
      const escaped = d.slots.isStatic[s]
        ? JSON.stringify(
            escapeRdnValue(
              staticText(d.spec.lines.find((l) => slotOf(d.slots, l.attr) === s) as LineDef),
            ),
          )
        : plain
          ? `v${s}`
          : `H.esc(v${s})`;
      return `${JSON.stringify(`${attr}=`)} + ${escaped}`;
    })
    .join(' + "+" + ');
}

/** Code setting the DN once every RDN attribute has a value (and it is not set yet). */
export function dnCheck(d: ProgramDraft): string {
  const missing = d.rdnSlots
    .filter((s) => !d.slots.isStatic[s as number])
    .map((s) => `v${s as number} !== undefined`);
  return `if (dn === null${missing.map((m) => ` && ${m}`).join('')}) dn = ${rdnExpr(d)} + "," + e.parentDn;`;
}

/** The expression of the entry's `dn:` line. */
export function dnLineCode(d: ProgramDraft): string {
  if (d.spec.fixedDn !== null) return JSON.stringify(ldifLine('dn', d.spec.fixedDn));
  const rdnInner =
    d.problem === null && d.rdnSlots.every((s) => (d.props[s as number] as TextProps).inner);
  return rdnInner ? '(e.parentSafe ? "dn: " + dn + "\\n" : H.line("dn", dn))' : 'H.line("dn", dn)';
}
