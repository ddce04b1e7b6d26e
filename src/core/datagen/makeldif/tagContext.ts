// What a makeldif tag compiles into and the services it compiles with, plus the checks of tag arguments.
import type { Prng } from '../prng.ts';
import type { TextProps } from './textProps.ts';
import type { TemplateResources } from './resources.ts';
import { inputExcerpt } from '../../../shared/inputExcerpt.ts';

/** What a tag turns into inside a line: generated text (a JS expression) or a condition on the line. */
export type TagCode = { expr: string; props: TextProps } | { cond: string };

/** The services a tag needs while being compiled (one instance per template file). */
export interface TagContext {
  rng: Prng;
  resources: TemplateResources;
  inBranch: boolean;
  fail(reason: string): never;
  /** Registers a generator function; the expression `P[k]` calls it. */
  fn(f: (...args: never[]) => string): number;
  /** Registers a list of values; `F[k]` reads it. */
  list(values: readonly string[]): number;
  /** Registers a counter starting at `initial`; `S[k]` holds it; `reset` makes it restart below each new parent. */
  counter(initial: number, reset: boolean): number;
  /** The first/last name lists (first.names, last.names), loaded on first use. */
  names(): { first: readonly string[]; last: readonly string[]; props: TextProps };
  /** Code reading the first value of an attribute defined on an earlier line, or null when none is. */
  attrValue(attr: string): AttrRef | null;
}

/** How generated code reads an attribute of the entry being built. */
export interface AttrRef {
  /** Expression of its first value (undefined while it has none). */
  expr: string;
  /** Expression of its further values (an array or null), or null when only one line defines it. */
  extras: string | null;
  /** True when an unconditional earlier line always gives it a value. */
  always: boolean;
  props: TextProps;
}

/** Fails unless the tag got between `min` and `max` arguments. */
export function argCount(
  ctx: TagContext,
  tag: string,
  args: string[],
  min: number,
  max: number,
): void {
  if (args.length < min || args.length > max) {
    ctx.fail(
      min === max
        ? `<${tag}> takes ${min} argument${min === 1 ? '' : 's'}, got ${args.length}`
        : `<${tag}> takes ${min} to ${max} arguments, got ${args.length}`,
    );
  }
}

/**
 * A whole-number argument in [min, max]; fails naming the tag and what the number is. A random value's
 * length passes max MAX_RANDOM_LENGTH, since a typo like 270695855 would never finish.
 */
export function intArg(
  ctx: TagContext,
  tag: string,
  text: string,
  min: number,
  what: string,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (!/^[+-]?\d+$/.test(text))
    ctx.fail(`<${tag}>: ${what} ${inputExcerpt(text)} is not a whole number`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) ctx.fail(`<${tag}>: ${what} ${text} is too large`);
  if (n < min) ctx.fail(`<${tag}>: ${what} ${n} is below ${min}`);
  if (n > max) ctx.fail(`<${tag}>: ${what} ${n} is above ${max}`);
  return n;
}
