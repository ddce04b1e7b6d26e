// OpenDJ / ForgeRock DS rate-tool templates ("uid=user.{1}" plus -g generators) as UnboundID value patterns.
//
// Semantics follow OpenDJ's DataSource (opendj-ldap-toolkit): rand(min,max) draws min..max-1 (the
// maximum is exclusive: Random.nextInt(max - min) + min, so "rand(0,2000)" fits the documented
// 2000 users user.0..user.1999); inc(min,max) counts min..max inclusive and wraps; rand(FILE) is a
// random line, inc(FILE) the next line, wrapping; randstr(N[,charSet]) draws N characters from
// charSet ("[A-Z][a-z][0-9]" by default, [x-y] spans a range); anything else is a static value
// (an integer one printed as Java prints the int). {N} is the Nth generator; {} takes the next in turn.
import { PatternError } from './errors.ts';
import { MAX_RANDOM_LENGTH } from './tokens.ts';
import type { ParseOptions, ValuePattern } from './types.ts';
import { parseValuePattern } from './valuePattern.ts';

const FORMAT = 'OpenDJ format string';
const GENERATOR = 'OpenDJ generator';
const DEFAULT_CHARSET = '[A-Z][a-z][0-9]';
const INT = /^[+-]?[0-9]+$/;
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const NO_CLOSE_BRACKET =
  "']' cannot be one of the characters: a value pattern token ends at the first ']'";

/** One -g argument as value-pattern text: a bracketed token, or literal text for a static value. */
type Generator =
  | {
      kind: 'token';
      token: string;
      /** Offset of a file name in the generator text. */
      fileAt?: number;
    }
  | { kind: 'literal'; text: string };

/** Where a generator's token landed in the translated pattern, to map parse errors back. */
interface Span {
  start: number;
  end: number;
  generator: number;
  formatAt: number;
  fileAt: number | undefined;
}

/** Throws a PatternError for generator `text` at 0-based `offset`. */
function generatorError(text: string, offset: number, reason: string): never {
  throw new PatternError(text, offset + 1, reason, GENERATOR);
}

/** Escapes literal text for a value pattern. */
function escape(text: string): string {
  return text.replace(/\[/g, '[[').replace(/\]/g, ']]');
}

/** Reads a Java int (Integer.parseInt) from `text` at `offset`, surrounding blanks allowed. */
function javaInt(gen: string, text: string, offset: number, what: string): number {
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  if (!INT.test(trimmed)) {
    generatorError(gen, offset + lead, `${what} '${trimmed}' is not an integer`);
  }
  const value = Number(trimmed);
  if (value < INT_MIN || value > INT_MAX) {
    generatorError(gen, offset + lead, `${what} ${trimmed} is outside Java's int range`);
  }
  return value;
}

/** Expands a randstr character set: literal characters and [x-y] ranges, duplicates dropped. */
function charset(gen: string, spec: string, at: number): string {
  const chars = new Set<string>();
  for (let i = 0; i < spec.length; i++) {
    const ch = spec[i] as string;
    if (ch === '[') {
      const from = spec[i + 1];
      const to = spec[i + 3];
      if (from === undefined || to === undefined || spec[i + 2] !== '-' || spec[i + 4] !== ']') {
        generatorError(gen, at + i, 'a character range is written [x-y], e.g. [a-z]');
      }
      if (from > to) generatorError(gen, at + i + 1, `character range [${from}-${to}] is empty`);
      if (from <= ']' && ']' <= to) generatorError(gen, at + i, NO_CLOSE_BRACKET);
      for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) {
        chars.add(String.fromCharCode(c));
      }
      i += 4;
    } else if (ch === ']') generatorError(gen, at + i, NO_CLOSE_BRACKET);
    else chars.add(ch);
  }
  if (chars.size === 0) generatorError(gen, at, 'randstr character set is empty');
  return [...chars].join('');
}

/** Translates rand(...) and inc(...): a file name without a comma, else min,max. */
function numberOrFile(gen: string, name: 'rand' | 'inc', args: string, at: number): Generator {
  const comma = args.indexOf(',');
  if (comma < 0) {
    if (args === '') generatorError(gen, at, `${name}() needs a file name or min,max`);
    const bracket = args.indexOf(']');
    if (bracket >= 0) {
      generatorError(
        gen,
        at + bracket,
        "file name contains ']', which a value pattern cannot hold",
      );
    }
    return {
      kind: 'token',
      token: `[${name === 'rand' ? 'file' : 'sequentialfile'}:${args}]`,
      fileAt: at,
    };
  }
  if (args.indexOf(',', comma + 1) >= 0) {
    generatorError(gen, at + args.indexOf(',', comma + 1), `${name}(min,max) takes two numbers`);
  }
  const lo = javaInt(gen, args.slice(0, comma), at, `${name} min`);
  const hi = javaInt(gen, args.slice(comma + 1), at + comma + 1, `${name} max`);
  if (name === 'rand') {
    if (hi <= lo) {
      generatorError(
        gen,
        at + comma + 1,
        'rand(min,max) needs max > min: OpenDJ draws min..max-1 (max is exclusive)',
      );
    }
    return { kind: 'token', token: `[${lo}-${hi - 1}]` };
  }
  if (hi < lo) generatorError(gen, at + comma + 1, 'inc(min,max) needs max >= min');
  return { kind: 'token', token: `[${lo}:${hi}]` };
}

/** Translates one -g argument. */
function translateGenerator(gen: string): Generator {
  const call = /^([A-Za-z][A-Za-z0-9]*)\(/.exec(gen);
  if (call === null) {
    // OpenDJ turns an integer argument into an Integer, so "007" prints as 7.
    const n = Number(gen);
    const int = INT.test(gen) && n >= INT_MIN && n <= INT_MAX;
    return { kind: 'literal', text: int ? String(n) : gen };
  }
  const name = call[1] as string;
  if (name !== 'rand' && name !== 'inc' && name !== 'randstr') {
    generatorError(gen, 0, `unknown generator '${name}': OpenDJ has rand(), inc() and randstr()`);
  }
  const at = name.length + 1;
  if (!gen.endsWith(')')) generatorError(gen, name.length, `unclosed '(' in ${name}()`);
  const args = gen.slice(at, -1);
  const paren = args.indexOf(')');
  if (paren >= 0) generatorError(gen, at + paren, `unexpected ')' inside ${name}()`);
  if (name !== 'randstr') return numberOrFile(gen, name, args, at);
  const comma = args.indexOf(',');
  const length = javaInt(gen, comma < 0 ? args : args.slice(0, comma), at, 'randstr length');
  if (length < 1 || length > MAX_RANDOM_LENGTH) {
    generatorError(gen, at, `randstr length must be between 1 and ${MAX_RANDOM_LENGTH}`);
  }
  const chars =
    comma < 0
      ? charset(gen, DEFAULT_CHARSET, at)
      : charset(gen, args.slice(comma + 1), at + comma + 1);
  return { kind: 'token', token: `[random:${length}:${chars}]` };
}

/** The translated pattern plus where each generator's first token sits in it. */
function translate(
  format: string,
  generators: readonly string[],
): { pattern: string; spans: Span[] } {
  const compiled = generators.map(translateGenerator);
  const firstPosition = new Map<number, number>();
  const spans: Span[] = [];
  let out = '';
  let bracketed = 0;
  let auto = 0;
  let literalStart = 0;
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '{') continue;
    let j = i + 1;
    while (j < format.length && format.charCodeAt(j) >= 48 && format.charCodeAt(j) <= 57) j++;
    if (format[j] !== '}') {
      throw new PatternError(
        format,
        i + 1,
        "'{' must start a placeholder: {N} for the Nth -g generator, or {}",
        FORMAT,
      );
    }
    const digits = format.slice(i + 1, j);
    const k = digits === '' ? ++auto : Number(digits);
    if (k < 1) {
      throw new PatternError(format, i + 2, 'placeholders count generators from {1}', FORMAT);
    }
    const gen = compiled[k - 1];
    if (gen === undefined) {
      const given = generators.length;
      throw new PatternError(
        format,
        i + 1,
        `{${digits}} has no generator: ${given} -g argument${given === 1 ? '' : 's'} given`,
        FORMAT,
      );
    }
    out += escape(format.slice(literalStart, i));
    literalStart = j + 1;
    if (gen.kind === 'literal') out += escape(gen.text);
    else {
      const first = firstPosition.get(k);
      if (first === undefined) {
        firstPosition.set(k, bracketed);
        const end = out.length + gen.token.length;
        spans.push({ start: out.length, end, generator: k - 1, formatAt: i, fileAt: gen.fileAt });
        out += gen.token;
      } else out += `[ref:${first + 1}]`;
      // Back-references are bracketed components too, so they count toward later [ref:N].
      bracketed++;
    }
    i = j;
  }
  out += escape(format.slice(literalStart));
  return { pattern: out, spans };
}

/** Translates an OpenDJ/DS rate-tool template ("uid=user.{1}") and its -g generators into an equivalent UnboundID value pattern. */
export function openDjToValuePattern(format: string, generators: readonly string[]): string {
  return translate(format, generators).pattern;
}

/** Parses an OpenDJ template with its -g generators; errors (a missing file too) point into the generator or format string at fault. */
export function parseOpenDjPattern(
  format: string,
  generators: readonly string[],
  options?: ParseOptions,
): ValuePattern {
  const { pattern, spans } = translate(format, generators);
  try {
    return parseValuePattern(pattern, options);
  } catch (err) {
    if (!(err instanceof PatternError)) throw err;
    const offset = err.column - 1;
    const span = spans.find((s) => offset >= s.start && offset <= s.end);
    if (span === undefined) throw err;
    if (span.fileAt !== undefined) {
      throw new PatternError(
        generators[span.generator] as string,
        span.fileAt + 1,
        err.reason,
        GENERATOR,
      );
    }
    throw new PatternError(format, span.formatAt + 1, err.reason, FORMAT);
  }
}
