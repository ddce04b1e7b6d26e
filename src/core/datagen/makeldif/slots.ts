// Where a generated entry function keeps each attribute: one slot per attribute, in order of first
// appearance, with what the template's lines say about it before any code is generated.
import type { LineDef } from './parse.ts';

/** The slots of one branch or template. */
export interface SlotLayout {
  /** Slot of each attribute, by lower-case name. */
  byKey: Map<string, number>;
  /** Each slot's attribute as first written. */
  names: string[];
  /** Whether more than one line gives the slot values. */
  multi: boolean[];
  /** Whether every line of the slot is plain text (no tag): its lines are then constants. */
  isStatic: boolean[];
}

/** The slot of an attribute, or undefined when no line gives it a value. */
export function slotOf(layout: SlotLayout, attr: string): number | undefined {
  return layout.byKey.get(attr.toLowerCase());
}

/** Whether a line is plain text, without tags. */
export function isStaticLine(l: LineDef): boolean {
  return l.parts.every((p) => p.kind === 'text');
}

/** The text of a plain-text line. */
export function staticText(l: LineDef): string {
  return l.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');
}

/** The slots of `lines`. */
export function layoutSlots(lines: readonly LineDef[]): SlotLayout {
  const byKey = new Map<string, number>();
  const names: string[] = [];
  const lineCount: number[] = [];
  for (const l of lines) {
    const key = l.attr.toLowerCase();
    let slot = byKey.get(key);
    if (slot === undefined) {
      slot = names.length;
      byKey.set(key, slot);
      names.push(l.attr);
      lineCount.push(0);
    }
    lineCount[slot] = (lineCount[slot] as number) + 1;
  }
  const isStatic = names.map((_, s) =>
    lines.every((l) => byKey.get(l.attr.toLowerCase()) !== s || isStaticLine(l)),
  );
  return { byKey, names, multi: lineCount.map((c) => c > 1), isStatic };
}

/** Whether a static objectClass value ends in "person" (person, inetOrgPerson, ...). */
export function hasPersonClass(lines: readonly LineDef[]): boolean {
  return lines.some(
    (l) =>
      l.attr.toLowerCase() === 'objectclass' &&
      isStaticLine(l) &&
      /person$/i.test(staticText(l).trim()),
  );
}
