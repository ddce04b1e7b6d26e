// The replacement tags of the makeldif language (<first>, <random:...>, <file:...>, ...): argument checks and generators.
import { compileDecimalFormat } from '../../workload/pattern/decimalFormat.ts';
import { MAX_RANDOM_LENGTH } from '../../workload/pattern/tokens.ts';
import type { Prng } from '../prng.ts';
import type { TextProps } from './ldifText.ts';
import { propsOf, propsOfAll, SAFE_PROPS, splitDn, UNKNOWN_PROPS } from './ldifText.ts';
import type { TemplateResources } from './resources.ts';

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

/** Every tag name the engine knows (lower-case), for "unknown tag" messages. */
export const TAG_NAMES = [
  'attributevalue',
  'dn',
  'file',
  'first',
  'guid',
  'ifabsent',
  'ifpresent',
  'last',
  'list',
  'parentdn',
  'presence',
  'random',
  'rdn',
  'sequential',
  'statictext',
  '_dn',
  '_parentdn',
] as const;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
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

function argCount(ctx: TagContext, tag: string, args: string[], min: number, max: number): void {
  if (args.length < min || args.length > max) {
    ctx.fail(
      min === max
        ? `<${tag}> takes ${min} argument${min === 1 ? '' : 's'}, got ${args.length}`
        : `<${tag}> takes ${min} to ${max} arguments, got ${args.length}`,
    );
  }
}

/** A random value's length: at most MAX_RANDOM_LENGTH, since a typo like 270695855 would never finish. */
function lengthArg(ctx: TagContext, tag: string, text: string, min: number, what: string): number {
  const n = intArg(ctx, tag, text, min, what);
  if (n > MAX_RANDOM_LENGTH) ctx.fail(`<${tag}>: ${what} ${n} is above ${MAX_RANDOM_LENGTH}`);
  return n;
}

function intArg(ctx: TagContext, tag: string, text: string, min: number, what: string): number {
  if (!/^[+-]?\d+$/.test(text)) ctx.fail(`<${tag}>: ${what} "${text}" is not a whole number`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) ctx.fail(`<${tag}>: ${what} ${text} is too large`);
  if (n < min) ctx.fail(`<${tag}>: ${what} ${n} is below ${min}`);
  return n;
}

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

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

function compileRandom(ctx: TagContext, args: string[]): TagCode {
  const { rng } = ctx;
  if (args.length === 0)
    ctx.fail(
      '<random> needs a type: alpha, numeric, alphanumeric, chars, hex, base64, month or telephone',
    );
  const type = (args[0] as string).toLowerCase();
  const rest = args.slice(1);
  const lengths = (set: string, tag: string): TagCode => {
    argCount(ctx, tag, rest, 1, 2);
    const min = lengthArg(ctx, tag, rest[0] as string, 0, 'length');
    const max =
      rest.length === 2 ? lengthArg(ctx, tag, rest[1] as string, min, 'maximum length') : min;
    const props = propsOfAll([...set]);
    return {
      expr: `P[${ctx.fn(randomChars(rng, set, min, max))}]()`,
      props: { ...props, empty: min === 0 },
    };
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
      const min = lengthArg(ctx, 'random:chars', rest[1] as string, 0, 'length');
      const max =
        rest.length === 3
          ? lengthArg(ctx, 'random:chars', rest[2] as string, min, 'maximum length')
          : min;
      // Spaces inside the set could land at an edge of the value: then the line is checked.
      const props = propsOfAll([...set]);
      return {
        expr: `P[${ctx.fn(randomChars(rng, set, min, max))}]()`,
        props: { ...props, empty: min === 0 },
      };
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

/** Compiles one `<tag:args>`; `ctx.fail` reports problems at the tag's line. */
export function compileTag(ctx: TagContext, name: string, args: string[]): TagCode {
  const notInBranch = (): void => {
    if (ctx.inBranch) ctx.fail(`<${name}> cannot be used in a branch, only in a template`);
  };
  switch (name) {
    case 'first':
    case 'last': {
      notInBranch();
      argCount(ctx, name, args, 0, 0);
      return { expr: name === 'first' ? 'e.first' : 'e.last', props: ctx.names().props };
    }
    case 'sequential': {
      argCount(ctx, name, args, 0, 2);
      const initial =
        args.length > 0 ? intArg(ctx, name, args[0] as string, -(2 ** 53) + 1, 'start') : 0;
      let reset = false;
      if (args.length === 2) {
        const flag = (args[1] as string).toLowerCase();
        if (flag !== 'true' && flag !== 'false')
          ctx.fail(
            `<sequential>: "${args[1] as string}" must be true or false (restart below each parent)`,
          );
        reset = flag === 'true';
      }
      return { expr: `String(S[${ctx.counter(initial, reset)}]++)`, props: SAFE_PROPS };
    }
    case 'random':
      return compileRandom(ctx, args);
    case 'file': {
      argCount(ctx, name, args, 1, 2);
      const file = args[0] as string;
      const lines = ctx.resources.lines(file);
      if (lines === null)
        ctx.fail(`<file:${file}>: no file ${file} in ${ctx.resources.searched()}`);
      if (lines.length === 0) ctx.fail(`<file:${file}>: the file has no lines`);
      const mode = (args[1] ?? 'random').toLowerCase();
      if (mode !== 'random' && mode !== 'sequential')
        ctx.fail(`<file:${file}>: "${args[1] as string}" must be random or sequential`);
      const props = propsOfAll(lines);
      if (mode === 'random')
        return { expr: `F[${ctx.list(lines)}][rng.int(${lines.length})]`, props };
      let next = 0;
      const sequential = (): string => {
        const value = lines[next] as string;
        next = next + 1 === lines.length ? 0 : next + 1;
        return value;
      };
      return { expr: `P[${ctx.fn(sequential)}]()`, props };
    }
    case 'list': {
      if (args.length === 0) ctx.fail('<list> needs at least one value');
      const values: string[] = [];
      const cumulative: number[] = [];
      let total = 0;
      for (const arg of args) {
        let value = arg;
        let weight = 1;
        const semi = arg.lastIndexOf(';');
        if (semi >= 0 && /^\d+$/.test(arg.slice(semi + 1))) {
          weight = Number(arg.slice(semi + 1));
          value = arg.slice(0, semi);
        }
        total += weight;
        values.push(value);
        cumulative.push(total);
      }
      if (total <= 0) ctx.fail('<list>: the weights add up to 0');
      const { rng } = ctx;
      const pick = (): string => {
        const w = rng.int(total) + 1;
        for (let i = 0; i < cumulative.length; i++)
          if (w <= (cumulative[i] as number)) return values[i] as string;
        return values[values.length - 1] as string;
      };
      return { expr: `P[${ctx.fn(pick)}]()`, props: propsOfAll(values) };
    }
    case 'guid': {
      argCount(ctx, name, args, 0, 0);
      const { rng } = ctx;
      // A version 4 UUID from the seeded stream.
      const guid = (): string => {
        const a = rng.nextU32();
        const b = rng.nextU32();
        const c = rng.nextU32();
        const d = rng.nextU32();
        return `${hex(a, 8)}-${hex(b >>> 16, 4)}-${hex((b & 0x0fff) | 0x4000, 4)}-${hex(((c >>> 16) & 0x3fff) | 0x8000, 4)}-${hex(c & 0xffff, 4)}${hex(d, 8)}`;
      };
      return { expr: `P[${ctx.fn(guid)}]()`, props: SAFE_PROPS };
    }
    case 'dn':
    case '_dn':
    case 'underscoredn': {
      argCount(ctx, name, args, 0, 1);
      const n =
        args.length === 1 ? intArg(ctx, name, args[0] as string, -(2 ** 31), 'number of RDNs') : 0;
      const underscore = name !== 'dn';
      const render = (dn: string | null): string => {
        if (dn === null || dn === '') return '';
        let text = dn;
        if (n !== 0) {
          const rdns = splitDn(dn);
          text = (n > 0 ? rdns.slice(0, n) : rdns.slice(Math.max(0, rdns.length + n))).join(',');
        }
        // As OpenDJ: every comma, escaped or not, becomes an underscore.
        return underscore ? text.replaceAll(',', '_') : text;
      };
      return { expr: `P[${ctx.fn(render)}](dn)`, props: UNKNOWN_PROPS };
    }
    case 'parentdn':
    case '_parentdn':
    case 'underscoreparentdn': {
      notInBranch();
      argCount(ctx, name, args, 0, 0);
      if (name === 'parentdn') return { expr: 'e.parentDn', props: UNKNOWN_PROPS };
      const render = (dn: string): string => splitDn(dn).join('_');
      return { expr: `P[${ctx.fn(render)}](e.parentDn)`, props: UNKNOWN_PROPS };
    }
    case 'rdn': {
      argCount(ctx, name, args, 0, 0);
      const render = (dn: string | null): string => (dn === null ? '' : (splitDn(dn)[0] ?? ''));
      return { expr: `P[${ctx.fn(render)}](dn)`, props: UNKNOWN_PROPS };
    }
    case 'presence': {
      argCount(ctx, name, args, 1, 1);
      const percent = intArg(ctx, name, args[0] as string, 0, 'percentage');
      if (percent > 100) ctx.fail(`<presence>: percentage ${percent} is above 100`);
      return { cond: `rng.int(100) < ${percent}` };
    }
    case 'ifpresent':
    case 'ifabsent': {
      argCount(ctx, name, args, 1, 2);
      const attr = args[0] as string;
      const ref = ctx.attrValue(attr);
      if (ref === null)
        ctx.fail(
          `<${name}:${attr}>: no earlier line defines ${attr} (tags only see lines above them)`,
        );
      let present: string;
      if (args.length === 1) present = ref.always ? 'true' : `${ref.expr} !== undefined`;
      else {
        const value = JSON.stringify(args[1]);
        present =
          ref.extras === null
            ? `${ref.expr} === ${value}`
            : `(${ref.expr} === ${value} || (${ref.extras} !== null && ${ref.extras}.includes(${value})))`;
      }
      return { cond: name === 'ifpresent' ? present : `!(${present})` };
    }
    case 'statictext': {
      argCount(ctx, name, args, 1, 1);
      return { expr: JSON.stringify(args[0]), props: propsOf(args[0] as string) };
    }
    case 'attributevalue': {
      argCount(ctx, name, args, 1, 2);
      return compileAttrRef(
        ctx,
        args[0] as string,
        args.length === 2 ? intArg(ctx, name, args[1] as string, 0, 'characters') : 0,
      );
    }
    default:
      return ctx.fail(
        `unknown tag <${name}>; the tags are ${TAG_NAMES.map((t) => `<${t}>`).join(', ')} and {attribute}`,
      );
  }
}

/** `{attr}` / `{attr:N}`: the first value of an attribute from an earlier line (nothing when it has none). */
export function compileAttrRef(ctx: TagContext, attr: string, chars: number): TagCode {
  const ref = ctx.attrValue(attr);
  if (ref === null)
    ctx.fail(
      `{${attr}}: no earlier line defines ${attr} (a line can only use attributes above it)`,
    );
  if (chars > 0) {
    const value = ref.always ? ref.expr : `(${ref.expr} ?? "")`;
    // A cut value may end anywhere, a space included.
    return {
      expr: `${value}.slice(0, ${chars})`,
      props: { ...ref.props, end: ref.props.end && !ref.props.spaces, empty: true },
    };
  }
  return {
    expr: ref.always ? ref.expr : `(${ref.expr} ?? "")`,
    props: ref.always ? ref.props : { ...ref.props, empty: true },
  };
}
