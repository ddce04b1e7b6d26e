// The replacement tags of the makeldif language (<first>, <file:...>, <dn>, ...): one registry of
// tag compilers, each checking its arguments and returning generated code.
import { splitDn } from '../../ldif/dn.ts';
import { propsOf, propsOfAll, SAFE_PROPS, UNKNOWN_PROPS } from './textProps.ts';
import { compileRandom, hex } from './randomTag.ts';
import { argCount, intArg } from './tagContext.ts';
import type { TagCode, TagContext } from './tagContext.ts';

/** Compiles one tag; `name` is the lower-case name it was written with (aliases share a compiler). */
type TagCompiler = (ctx: TagContext, name: string, args: string[]) => TagCode;

/** Fails a tag that reads the entry being built (its names, its parent) inside a branch. */
function notInBranch(ctx: TagContext, name: string): void {
  if (ctx.inBranch) ctx.fail(`<${name}> cannot be used in a branch, only in a template`);
}

/** `<first>`, `<last>`: a first or last name from first.names / last.names (templates only). */
function nameTag(ctx: TagContext, name: string, args: string[]): TagCode {
  notInBranch(ctx, name);
  argCount(ctx, name, args, 0, 0);
  return { expr: name === 'first' ? 'e.first' : 'e.last', props: ctx.names().props };
}

/** `<sequential[:start[:reset]]>`: a counter, optionally restarting below each parent. */
function sequentialTag(ctx: TagContext, name: string, args: string[]): TagCode {
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

/** `<random:TYPE:...>` (randomTag.ts). */
function randomTag(ctx: TagContext, _name: string, args: string[]): TagCode {
  return compileRandom(ctx, args);
}

/** `<file:NAME[:random|sequential]>`: a line of a resource file. */
function fileTag(ctx: TagContext, name: string, args: string[]): TagCode {
  argCount(ctx, name, args, 1, 2);
  const file = args[0] as string;
  const lines = ctx.resources.lines(file);
  if (lines === null) ctx.fail(`<file:${file}>: no file ${file} in ${ctx.resources.searched()}`);
  if (lines.length === 0) ctx.fail(`<file:${file}>: the file has no lines`);
  const mode = (args[1] ?? 'random').toLowerCase();
  if (mode !== 'random' && mode !== 'sequential')
    ctx.fail(`<file:${file}>: "${args[1] as string}" must be random or sequential`);
  const props = propsOfAll(lines);
  if (mode === 'random') return { expr: `F[${ctx.list(lines)}][rng.int(${lines.length})]`, props };
  let next = 0;
  const sequential = (): string => {
    const value = lines[next] as string;
    next = next + 1 === lines.length ? 0 : next + 1;
    return value;
  };
  return { expr: `P[${ctx.fn(sequential)}]()`, props };
}

/** `<list:a;2:b>`: one of the values, by weight. */
function listTag(ctx: TagContext, _name: string, args: string[]): TagCode {
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

/** `<guid>`: a version 4 UUID from the seeded stream. */
function guidTag(ctx: TagContext, name: string, args: string[]): TagCode {
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

/** `<dn[:N]>`, `<_dn>`, `<underscoredn>`: the entry's DN (its first or last N RDNs), commas as underscores for the latter two. */
function dnTag(ctx: TagContext, name: string, args: string[]): TagCode {
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

/** `<parentdn>`, `<_parentdn>`, `<underscoreparentdn>`: the parent's DN (templates only). */
function parentDnTag(ctx: TagContext, name: string, args: string[]): TagCode {
  notInBranch(ctx, name);
  argCount(ctx, name, args, 0, 0);
  if (name === 'parentdn') return { expr: 'e.parentDn', props: UNKNOWN_PROPS };
  const render = (dn: string): string => splitDn(dn).join('_');
  return { expr: `P[${ctx.fn(render)}](e.parentDn)`, props: UNKNOWN_PROPS };
}

/** `<rdn>`: the entry's first RDN. */
function rdnTag(ctx: TagContext, name: string, args: string[]): TagCode {
  argCount(ctx, name, args, 0, 0);
  const render = (dn: string | null): string => (dn === null ? '' : (splitDn(dn)[0] ?? ''));
  return { expr: `P[${ctx.fn(render)}](dn)`, props: UNKNOWN_PROPS };
}

/** `<presence:PERCENT>`: the line is kept in that share of entries. */
function presenceTag(ctx: TagContext, name: string, args: string[]): TagCode {
  argCount(ctx, name, args, 1, 1);
  const percent = intArg(ctx, name, args[0] as string, 0, 'percentage');
  if (percent > 100) ctx.fail(`<presence>: percentage ${percent} is above 100`);
  return { cond: `rng.int(100) < ${percent}` };
}

/** `<ifpresent:ATTR[:VALUE]>`, `<ifabsent:...>`: the line is kept when an earlier attribute has (or lacks) a value. */
function ifTag(ctx: TagContext, name: string, args: string[]): TagCode {
  argCount(ctx, name, args, 1, 2);
  const attr = args[0] as string;
  const ref = ctx.attrValue(attr);
  if (ref === null)
    ctx.fail(`<${name}:${attr}>: no earlier line defines ${attr} (tags only see lines above them)`);
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

/** `<statictext:TEXT>`: the text as is. */
function staticTextTag(ctx: TagContext, name: string, args: string[]): TagCode {
  argCount(ctx, name, args, 1, 1);
  return { expr: JSON.stringify(args[0]), props: propsOf(args[0] as string) };
}

/** `<attributevalue:ATTR[:N]>`: as `{ATTR:N}`. */
function attributeValueTag(ctx: TagContext, name: string, args: string[]): TagCode {
  argCount(ctx, name, args, 1, 2);
  return compileAttrRef(
    ctx,
    args[0] as string,
    args.length === 2 ? intArg(ctx, name, args[1] as string, 0, 'characters') : 0,
  );
}

/** Every tag by its lower-case name: the one list compileTag and its "unknown tag" message read. */
const TAGS: Readonly<Record<string, TagCompiler>> = {
  first: nameTag,
  last: nameTag,
  sequential: sequentialTag,
  random: randomTag,
  file: fileTag,
  list: listTag,
  guid: guidTag,
  dn: dnTag,
  _dn: dnTag,
  underscoredn: dnTag,
  parentdn: parentDnTag,
  _parentdn: parentDnTag,
  underscoreparentdn: parentDnTag,
  rdn: rdnTag,
  presence: presenceTag,
  ifpresent: ifTag,
  ifabsent: ifTag,
  statictext: staticTextTag,
  attributevalue: attributeValueTag,
};

/**
 * Every tag name the engine knows (lower-case), alphabetical, the `_` spellings last. Sorted when
 * first asked: localeCompare's collator costs ~10 ms to set up, paid at load by every command.
 */
function tagNames(): readonly string[] {
  return Object.keys(TAGS).sort(
    (a, b) => Number(a.startsWith('_')) - Number(b.startsWith('_')) || a.localeCompare(b),
  );
}

/** Compiles one `<tag:args>`; `ctx.fail` reports problems at the tag's line. */
export function compileTag(ctx: TagContext, name: string, args: string[]): TagCode {
  const compile = Object.hasOwn(TAGS, name) ? TAGS[name] : undefined;
  if (compile === undefined) {
    return ctx.fail(
      `unknown tag <${name}>; the tags are ${tagNames()
        .map((t) => `<${t}>`)
        .join(', ')} and {attribute}`,
    );
  }
  return compile(ctx, name, args);
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
