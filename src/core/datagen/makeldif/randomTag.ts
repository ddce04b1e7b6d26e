// <random:TYPE:...>: random letters, digits, hex, base64, numbers in a format, months and telephone numbers.
import { MAX_RANDOM_LENGTH } from '../../pattern/tokens.ts';
import { MONTHS } from '../../pattern/dateFormat.ts';
import { compileDecimalFormat } from '../../pattern/decimalFormat.ts';
import type { Prng } from '../prng.ts';
import { propsOf, propsOfAll, SAFE_PROPS, UNKNOWN_PROPS } from './textProps.ts';
import { argCount, intArg } from './tagContext.ts';
import type { TagCode, TagContext } from './tagContext.ts';

const ALPHA = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALPHANUMERIC = ALPHA + DIGITS;
const HEX = '0123456789abcdef';
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Zero-padded numbers: PAD[n][i] is i in n digits (n = 1..4). */
const PAD: readonly (readonly string[])[] = [
  [],
  ...[1, 2, 3, 4].map((width) =>
    Array.from({ length: 10 ** width }, (_, i) => String(i).padStart(width, '0')),
  ),
];

/** `len` random characters of `set`, or a length drawn from min..max. */
function randomChars(rng: Prng, set: string, min: number, max: number): () => string {
  const n = set.length;
  if (set === DIGITS && min === max && min > 4 && min <= 9) {
    // Up to nine digits from one draw, written straight into one flat string.
    const len = min;
    const limit = 10 ** len;
    const codes = new Array<number>(len);
    return () => {
      let x = rng.int(limit);
      for (let i = len - 1; i >= 0; i--) {
        codes[i] = 48 + (x % 10);
        x = Math.floor(x / 10);
      }
      return String.fromCharCode(...codes);
    };
  }
  if (set === DIGITS && min === max) {
    // Four digits per draw from a table: fewer calls for the common <random:numeric:N>.
    const len = min;
    const p4 = PAD[4] as readonly string[];
    const rest = PAD[len % 4] as readonly string[];
    const restSize = 10 ** (len % 4);
    return () => {
      let s = len % 4 === 0 ? '' : (rest[rng.int(restSize)] as string);
      for (let i = 4; i <= len; i += 4) s += p4[rng.int(10_000)] as string;
      return s;
    };
  }
  if (min === max) {
    if (min === 0) return () => '';
    if (min === 1) return () => set.charAt(rng.int(n));
    return () => {
      let s = '';
      for (let i = 0; i < min; i++) s += set.charAt(rng.int(n));
      return s;
    };
  }
  const range = max - min + 1;
  return () => {
    const len = min + rng.int(range);
    let s = '';
    for (let i = 0; i < len; i++) s += set.charAt(rng.int(n));
    return s;
  };
}

/** An integer in [min, max] (bounds within ±2^53). */
function randomInteger(rng: Prng, min: number, max: number): () => number {
  const range = max - min + 1;
  if (range <= 4294967296) return () => min + rng.int(range);
  return () => {
    // 53 random bits, reduced to the range: exact for any range up to 2^53.
    const bits = rng.nextU32() * 2097152 + (rng.nextU32() >>> 11);
    return min + (bits % range);
  };
}

/** `n` in lower-case hex, zero-padded to `width` digits. */
export function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/** Compiles `<random:...>` (`args[0]` is the type). */
export function compileRandom(ctx: TagContext, args: string[]): TagCode {
  const { rng } = ctx;
  if (args.length === 0)
    ctx.fail(
      '<random> needs a type: alpha, numeric, alphanumeric, chars, hex, base64, month or telephone',
    );
  const type = (args[0] as string).toLowerCase();
  const rest = args.slice(1);
  // Random text over `set`: `lengthArgs` are the length and an optional maximum length.
  const randomText = (set: string, tag: string, lengthArgs: string[]): TagCode => {
    const min = intArg(ctx, tag, lengthArgs[0] as string, 0, 'length', MAX_RANDOM_LENGTH);
    const max =
      lengthArgs.length === 2
        ? intArg(ctx, tag, lengthArgs[1] as string, min, 'maximum length', MAX_RANDOM_LENGTH)
        : min;
    const props = propsOfAll([...set]);
    return {
      expr: `P[${ctx.fn(randomChars(rng, set, min, max))}]()`,
      props: { ...props, empty: min === 0 },
    };
  };
  const lengths = (set: string, tag: string): TagCode => {
    argCount(ctx, tag, rest, 1, 2);
    return randomText(set, tag, rest);
  };
  switch (type) {
    case 'alpha':
      return lengths(ALPHA, 'random:alpha');
    case 'alphanumeric':
      return lengths(ALPHANUMERIC, 'random:alphanumeric');
    case 'hex':
      return lengths(HEX, 'random:hex');
    case 'base64':
      return lengths(BASE64, 'random:base64');
    case 'chars': {
      argCount(ctx, 'random:chars', rest, 2, 3);
      const set = rest[0] as string;
      if (set === '') ctx.fail('<random:chars> needs the characters to draw from');
      // Spaces inside the set could land at an edge of the value: then the line is checked.
      return randomText(set, 'random:chars', rest.slice(1));
    }
    case 'numeric': {
      argCount(ctx, 'random:numeric', rest, 1, 3);
      if (rest.length === 1) return lengths(DIGITS, 'random:numeric');
      const min = intArg(ctx, 'random:numeric', rest[0] as string, -(2 ** 53) + 1, 'minimum');
      const max = intArg(ctx, 'random:numeric', rest[1] as string, min, 'maximum');
      if (max - min + 1 > 2 ** 53) ctx.fail('<random:numeric>: the range is wider than 2^53');
      const draw = randomInteger(rng, min, max);
      if (rest.length === 3) {
        const pattern = rest[2] as string;
        const format = compileDecimalFormat(pattern, (_offset, reason) =>
          ctx.fail(`<random:numeric>: format "${pattern}": ${reason}`),
        );
        return { expr: `P[${ctx.fn(() => format(draw()))}]()`, props: UNKNOWN_PROPS };
      }
      return { expr: `P[${ctx.fn(() => String(draw()))}]()`, props: SAFE_PROPS };
    }
    case 'month': {
      argCount(ctx, 'random:month', rest, 0, 1);
      const max =
        rest.length === 1 ? intArg(ctx, 'random:month', rest[0] as string, 1, 'maximum length') : 0;
      const months = MONTHS.map((m) => (max > 0 ? m.slice(0, max) : m));
      return { expr: `F[${ctx.list(months)}][rng.int(12)]`, props: SAFE_PROPS };
    }
    case 'telephone': {
      argCount(ctx, 'random:telephone', rest, 0, 1);
      if (rest.length === 0) {
        // +1 ddd ddd dddd from two draws, built as one flat string (no intermediate pieces).
        const phone = (): string => {
          const a = rng.int(100_000);
          const b = rng.int(100_000);
          return String.fromCharCode(
            43,
            49,
            32,
            48 + Math.floor(a / 10_000),
            48 + (Math.floor(a / 1000) % 10),
            48 + (Math.floor(a / 100) % 10),
            32,
            48 + (Math.floor(a / 10) % 10),
            48 + (a % 10),
            48 + Math.floor(b / 10_000),
            32,
            48 + (Math.floor(b / 1000) % 10),
            48 + (Math.floor(b / 100) % 10),
            48 + (Math.floor(b / 10) % 10),
            48 + (b % 10),
          );
        };
        return { expr: `P[${ctx.fn(phone)}]()`, props: { ...SAFE_PROPS, spaces: true } };
      }
      // DirBench extension: a format where each '#' is a random digit, e.g. +44 161 ### ####.
      const format = rest[0] as string;
      const pieces = format.split('#');
      const phone = (): string => {
        let s = pieces[0] as string;
        for (let i = 1; i < pieces.length; i++) s += String(rng.int(10)) + (pieces[i] as string);
        return s;
      };
      return { expr: `P[${ctx.fn(phone)}]()`, props: propsOf(format.replaceAll('#', '0')) };
    }
    default:
      return ctx.fail(
        `unknown random type "${args[0] as string}": use alpha, numeric, alphanumeric, chars, hex, base64, month or telephone`,
      );
  }
}
