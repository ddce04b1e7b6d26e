// Turns the text between one pair of brackets into a component, by token name.
import type { Fail } from './errors.ts';
import { LineStream, loadLines } from './files.ts';
import { randomBelow, randomChars, randomUuid, SequenceCursor } from './random.ts';
import { compileRange } from './range.ts';
import { compileTimestamp } from './timestamp.ts';
import type { CompileEnv, Component } from './types.ts';

/** A compiled bracketed token plus what the pattern must report about it. */
export interface CompiledToken {
  run: Component;
  /** 0-based index of the referenced bracketed component, for [ref:N]. */
  refIndex?: number;
  entryAttribute?: string;
  usesUnique?: boolean;
}

/** UnboundID's documented default for [random:N]: lowercase letters only. */
export const RANDOM_DEFAULT_CHARSET = 'abcdefghijklmnopqrstuvwxyz';

/** Most characters one [random:N] may produce: longer values are typos that would exhaust memory at expansion. */
export const MAX_RANDOM_LENGTH = 1_000_000;

/** Reads a positive decimal integer that must fill `text`; fails at `offset` with `what`. */
export function positiveInt(text: string, offset: number, what: string, fail: Fail): number {
  if (!/^[0-9]+$/.test(text)) fail(offset, `${what} is not a positive integer`);
  const n = Number(text);
  if (n < 1 || !Number.isSafeInteger(n)) fail(offset, `${what} must be between 1 and 2^53`);
  return n;
}

function compileRandom(body: string, fail: Fail): Component {
  const rest = body.slice(7);
  const colon = rest.indexOf(':');
  const lengthText = colon < 0 ? rest : rest.slice(0, colon);
  const length = positiveInt(lengthText, 7, 'random length', fail);
  if (length > MAX_RANDOM_LENGTH) fail(7, `random length must be at most ${MAX_RANDOM_LENGTH}`);
  const charset = colon < 0 ? RANDOM_DEFAULT_CHARSET : rest.slice(colon + 1);
  if (charset === '') fail(8 + colon, 'random character set is empty');
  return (ctx) => randomChars(ctx.rng, length, charset);
}

function compileFile(
  body: string,
  nameLength: number,
  mode: 'random' | 'sequential' | 'stream',
  env: CompileEnv,
  fail: Fail,
): Component {
  const path = body.slice(nameLength + 1);
  if (path === '') fail(nameLength + 1, 'file path is empty');
  if (mode === 'stream') {
    const stream = new LineStream(path, env.baseDir, fail, nameLength + 1);
    let skip = env.offset;
    return () => {
      const line = stream.next(skip);
      skip = env.stride - 1;
      return line;
    };
  }
  const lines = loadLines(path, env.baseDir, fail, nameLength + 1);
  if (mode === 'random') return (ctx) => lines[randomBelow(ctx.rng, lines.length)] as string;
  const cursor = new SequenceCursor(lines.length, env.offset, env.stride);
  return () => lines[cursor.take()] as string;
}

function compileEntry(body: string, fail: Fail): CompiledToken {
  const parts = body.slice(6).split(':');
  const attribute = parts[0] ?? '';
  if (!/^[A-Za-z0-9][A-Za-z0-9.;-]*$/.test(attribute)) fail(6, 'entry attribute name is not valid');
  if (parts.length > 2)
    fail(7 + attribute.length + (parts[1] ?? '').length, 'entry token takes at most ATTR:N');
  if (parts.length === 1) return { run: (ctx) => ctx.entry(attribute), entryAttribute: attribute };
  const chars = positiveInt(parts[1] ?? '', 7 + attribute.length, 'entry prefix length', fail);
  return { run: (ctx) => ctx.entry(attribute).slice(0, chars), entryAttribute: attribute };
}

function compileRef(body: string, position: number, fail: Fail): CompiledToken {
  const n = positiveInt(body.slice(4), 4, 'ref index', fail);
  if (n > position) {
    fail(
      4,
      n === position + 1
        ? 'ref refers to itself'
        : `ref:${n} refers forward; only ${position} bracketed component(s) precede it`,
    );
  }
  const index = n - 1;
  return { run: (_ctx, refs) => refs[index] as string, refIndex: index };
}

/** Compiles token `body` (text inside the brackets), the pattern's `position`-th (0-based) bracketed component. */
export function compileToken(
  body: string,
  position: number,
  env: CompileEnv,
  fail: Fail,
): CompiledToken {
  if (body === '') fail(0, 'empty brackets (write [[ or ]] for literal brackets)');
  const colon = body.indexOf(':');
  const name = colon < 0 ? body : body.slice(0, colon);
  switch (name) {
    case 'random':
      if (colon < 0) fail(6, 'random needs a length, as in [random:5]');
      return { run: compileRandom(body, fail) };
    case 'file':
    case 'randomfile':
      return { run: compileFile(body, name.length, 'random', env, fail) };
    case 'sequentialfile':
      return { run: compileFile(body, name.length, 'sequential', env, fail) };
    case 'streamfile':
      return { run: compileFile(body, name.length, 'stream', env, fail) };
    case 'timestamp':
      return { run: compileTimestamp(body, fail) };
    case 'uuid':
      if (colon >= 0) fail(colon, 'uuid takes no options');
      return { run: (ctx) => randomUuid(ctx.rng) };
    case 'unique':
      if (colon >= 0) fail(colon, 'unique takes no options');
      return { run: (ctx) => ctx.unique(), usesUnique: true };
    case 'ref':
      return compileRef(body, position, fail);
    case 'entry':
      return compileEntry(body, fail);
    case 'http':
    case 'https':
      return fail(0, 'http URLs are not supported: download the file and use [file:PATH]');
  }
  const first = body.charCodeAt(0);
  if (first === 45 || (first >= 48 && first <= 57)) return { run: compileRange(body, env, fail) };
  return fail(0, `unknown token name '${name}'`);
}
