// Shapes shared by the pattern modules and their callers.

/** Random source: the project's seeded Prng (src/core/datagen/prng.ts) satisfies it. */
export interface PatternRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An unsigned 32-bit integer. */
  nextU32(): number;
}

/** What a pattern needs at expansion time. */
export interface PatternContext {
  rng: PatternRandom;
  /** Value of ATTR of the current operation's random existing entry (same entry for every call within one operation). */
  entry(attribute: string): string;
  /** A fresh token that no other expansion in the run returns. */
  unique(): string;
}

/** Options for parseValuePattern and parseOpenDjPattern. */
export interface ParseOptions {
  /** Directory relative file paths are resolved against. */
  baseDir?: string;
  /** Sequential forms ([a:b], sequentialfile, streamfile, inc()) are shared by `stride` workers: this worker takes values offset, offset+stride, ... (default 0 and 1), so all workers together walk the sequence once like UnboundID's shared counter. */
  sequence?: { offset: number; stride: number };
}

/** A parsed pattern; sequential state lives in the instance. */
export interface ValuePattern {
  readonly source: string;
  /** True when the pattern has no bracketed component (its value never changes). */
  readonly isStatic: boolean;
  /** Attributes referenced by [entry:ATTR] tokens, for the engine to make available. */
  readonly entryAttributes: readonly string[];
  readonly usesUnique: boolean;
  next(ctx: PatternContext): string;
}

/** One compiled piece of a pattern; `refs` holds this expansion's earlier bracketed values. */
export type Component = (ctx: PatternContext, refs: string[]) => string;

/** Everything a token compiler needs besides the token text. */
export interface CompileEnv {
  baseDir: string;
  /** Validated sequence sharing: 0 <= offset, 1 <= stride. */
  offset: number;
  stride: number;
}
