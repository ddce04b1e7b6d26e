// Walks the subordinate tree below a template file's branches: the one depth-first walk the
// compiler (which templates must have a DN) and the engine (counts, the DN list) share.
import type { CompiledTemplate, Subordinate } from './compiledTypes.ts';

/** Calls `visit` on every subordinate below the branches, depth first, descending into each template once. */
export function eachSubordinate(
  branches: readonly { subordinates: Subordinate[] }[],
  visit: (sub: Subordinate) => void,
): void {
  const seen = new Set<CompiledTemplate>();
  const walk = (subs: Subordinate[]): void => {
    for (const sub of subs) {
      visit(sub);
      if (seen.has(sub.template)) continue;
      seen.add(sub.template);
      walk(sub.template.subordinates);
    }
  };
  for (const b of branches) walk(b.subordinates);
}

/** The templates that generate entries below the branches, in the order the walk first meets them. */
export function usedTemplates(
  branches: readonly { subordinates: Subordinate[] }[],
): Set<CompiledTemplate> {
  const used = new Set<CompiledTemplate>();
  eachSubordinate(branches, (sub) => used.add(sub.template));
  return used;
}
