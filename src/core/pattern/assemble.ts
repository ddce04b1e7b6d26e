// Joins compiled pieces into a ValuePattern whose next() is one tight loop.
import type { Component, CompileEnv, ParseOptions, PatternContext, ValuePattern } from './types.ts';

/** What a parser hands over: literal text and compiled components in output order. */
export interface Assembly {
  source: string;
  pieces: (string | Component)[];
  /** Bracketed values must be kept for [ref:N]: each component's value goes to refs[its index]. */
  keepRefs: boolean;
  entryAttributes: string[];
  usesUnique: boolean;
}

/** Validates ParseOptions into the environment token compilers use. */
export function compileEnv(options: ParseOptions | undefined): CompileEnv {
  const offset = options?.sequence?.offset ?? 0;
  const stride = options?.sequence?.stride ?? 1;
  if (!Number.isSafeInteger(stride) || stride < 1) {
    throw new RangeError(`sequence.stride must be an integer >= 1, got ${stride}`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new RangeError(`sequence.offset must be an integer >= 0, got ${offset}`);
  }
  return { baseDir: options?.baseDir ?? process.cwd(), offset, stride };
}

/** Builds the ValuePattern; adjacent literals merge so expansion concatenates as little as possible. */
export function assemble(a: Assembly): ValuePattern {
  const runs: Component[] = [];
  let literal = '';
  let bracketed = 0;
  for (const piece of a.pieces) {
    if (typeof piece === 'string') {
      literal += piece;
      continue;
    }
    if (literal !== '') {
      const text = literal;
      runs.push(() => text);
      literal = '';
    }
    const index = bracketed++;
    runs.push(a.keepRefs ? (ctx, refs) => (refs[index] = piece(ctx, refs)) : piece);
  }
  const isStatic = bracketed === 0;
  const tail = literal;
  if (tail !== '' && !isStatic) runs.push(() => tail);
  const refs: string[] = new Array<string>(bracketed).fill('');
  const count = runs.length;
  const first = runs[0];
  let next: (ctx: PatternContext) => string;
  if (isStatic) next = () => tail;
  else if (count === 1 && first !== undefined) next = (ctx) => first(ctx, refs);
  else {
    next = (ctx) => {
      let out = '';
      for (let i = 0; i < count; i++) out += (runs[i] as Component)(ctx, refs);
      return out;
    };
  }
  return {
    source: a.source,
    isStatic,
    entryAttributes: Object.freeze([...new Set(a.entryAttributes)]),
    usesUnique: a.usesUnique,
    next,
  };
}
