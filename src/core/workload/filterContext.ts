// Values from existing entries put into a search filter (the search and its controls both do it):
// escaped, so an entry of another server can hold anything.
import type { PatternContext } from '../pattern/index.ts';

/** RFC 4515 escapes for a value taken from an entry, so its `*`, `(`, `)`, `\` and NUL match literally. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The op's context with [entry:ATTR] values escaped: entries of another server may hold anything. */
export function filterContext(ctx: PatternContext): PatternContext {
  return {
    rng: ctx.rng,
    unique: () => ctx.unique(),
    entry: (attribute) => escapeFilterValue(ctx.entry(attribute)),
  };
}
