// Compiles a parsed template file into one generated JS function per branch and template, built once per run.
import { mix32, Prng } from '../prng.ts';
import { TemplateError } from './errors.ts';
import type { TextProps } from './ldifText.ts';
import {
  escapeRdnValue,
  formatDn,
  ldifLine,
  mergeProps,
  parseDn,
  partsAreSafe,
  propsOf,
  propsOfAll,
} from './ldifText.ts';
import type { BranchDef, LineDef, Part, TemplateDef, TemplateFileDef, ValueForm } from './parse.ts';
import type { TemplateResources } from './resources.ts';
import type { AttrRef, TagCode, TagContext } from './tagContext.ts';
import { compileAttrRef, compileTag } from './tags.ts';

/** The mutable state one generated entry reads and fills (a single object reused for every entry). */
export interface EntryState {
  parentDn: string;
  /** Whether the parent DN may be written as is in LDIF. */
  parentSafe: boolean;
  first: string;
  last: string;
  /** Set by `gen`: the entry's DN. */
  dn: string;
  /** Set by `gen`: the first userPassword value, or null. */
  password: string | null;
}

/** One branch or template, compiled. */
export interface Program {
  /** Template name, or the branch DN. */
  name: string;
  line: number;
  /** Generates one entry: returns its LDIF text (ending with a blank line) and sets `e.dn`, `e.password`. */
  gen: (e: EntryState) => string;
  /** How userPassword is written (to read it back for the binds file), or null without one. */
  passwordForm: ValueForm | null;
  /** Counters of `<sequential:N:true>` tags, restarted below each new parent. */
  resets: number[];
  /** Whether a static objectClass value ends in "person" (person, inetOrgPerson, ...). */
  isPerson: boolean;
  /** Why the template cannot generate entries (no RDN), or null; fatal only if it is used. */
  problem: string | null;
}

/** A template and what it generates below each of its entries. */
export interface CompiledTemplate {
  name: string;
  program: Program;
  subordinates: Subordinate[];
}

/** `subordinateTemplate: NAME:COUNT` resolved; count -1 when the template gave none. */
export interface Subordinate {
  template: CompiledTemplate;
  count: number;
  line: number;
}

/** A branch entry and the templates below it. */
export interface CompiledBranch {
  dn: string;
  program: Program;
  subordinates: Subordinate[];
  line: number;
}

/** Walks first.names and last.names so that no (first, last) pair repeats, exactly as OpenDJ's MakeLDIF does. */
export class NameCycler {
  first = '';
  last = '';
  private readonly firsts: readonly string[];
  private readonly lasts: readonly string[];
  private firstIndex = 0;
  private lastIndex = 0;
  private loop = 0;
  private uniqueness = 1;

  constructor(firsts: readonly string[], lasts: readonly string[]) {
    this.firsts = firsts;
    this.lasts = lasts;
  }

  /** Moves to the next pair; once every pair has been used, a counter is appended to the last name. */
  next(): void {
    const { firsts, lasts } = this;
    this.first = firsts[this.firstIndex++] as string;
    const last = lasts[this.lastIndex++] as string;
    this.last = this.uniqueness > 1 ? last + String(this.uniqueness) : last;
    if (this.firstIndex >= firsts.length) {
      this.firstIndex = 0;
      if (firsts.length > lasts.length) {
        this.lastIndex = ++this.loop;
        if (this.lastIndex >= lasts.length) {
          this.lastIndex = 0;
          this.uniqueness++;
        }
      }
    }
    if (this.lastIndex >= lasts.length) {
      this.lastIndex = 0;
      if (lasts.length > firsts.length) {
        this.firstIndex = ++this.loop;
        if (this.firstIndex >= firsts.length) {
          this.firstIndex = 0;
          this.uniqueness++;
        }
      }
    }
  }
}

/** A compiled template file, ready to stream. */
export interface CompiledTemplateFile {
  file: string;
  branches: CompiledBranch[];
  /** Counter values (`<sequential>`), and where each starts. */
  counters: number[];
  counterStarts: number[];
  /** Present when a template uses <first> or <last>. */
  names: NameCycler | null;
  warnings: string[];
}

/** Helpers the generated code calls through `H`. */
interface Helpers {
  line: (name: string, value: string) => string;
  b64: (name: string, value: string) => string;
  url: (name: string, value: string) => string;
  esc: (value: string) => string;
  noDn: (program: number) => never;
}

/** What compiling needs besides the parsed file. */
export interface CompileOptions {
  resources: TemplateResources;
  seed: number;
}

const STATEFUL_TAGS = new Set(['sequential', 'file']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Compiles branches and templates into generated functions, checking every reference. */
export function compileTemplateFile(
  def: TemplateFileDef,
  opts: CompileOptions,
): CompiledTemplateFile {
  const { file } = def;
  const rng = new Prng(mix32(opts.seed ^ 0x2545f491));
  const fns: ((...args: never[]) => string)[] = [];
  const lists: (readonly string[])[] = [];
  const counters: number[] = [];
  const counterStarts: number[] = [];
  const resetCounters = new Set<number>();
  let newCounters: number[] = [];
  const programs: Program[] = [];
  // Inherited lines keep their tags' state (a <sequential> counter in a parent template is shared).
  const statefulCodes = new Map<Part, { code: TagCode; counters: number[] }>();
  let names: { first: readonly string[]; last: readonly string[]; props: TextProps } | null = null;

  const helpers: Helpers = {
    line: ldifLine,
    b64: (name, value) =>
      /^[\x21-\x7e]*$/.test(value) ? `${name}:: ${value}\n` : ldifLine(name, value),
    // encodeURI throws on a lone surrogate (text from the API, not a file): write it as U+FFFD like UTF-8 would.
    url: (name, value) => `${name}:< ${encodeURI(value.replace(LONE_SURROGATE, '\uFFFD'))}\n`,
    esc: escapeRdnValue,
    noDn: (index) => {
      const p = programs[index] as Program;
      throw new TemplateError(
        file,
        p.line,
        `template ${p.name}: an entry has no value for an RDN attribute (was its line left out by a tag?)`,
      );
    },
  };

  const loadNames = (fail: (r: string) => never): NonNullable<typeof names> => {
    if (names !== null) return names;
    const first = opts.resources.lines('first.names');
    const last = opts.resources.lines('last.names');
    if (first === null || last === null || first.length === 0 || last.length === 0) {
      fail(
        `<first> and <last> need first.names and last.names (one name a line) in ${opts.resources.searched()}`,
      );
    }
    names = { first, last, props: propsOfAll([...first, ...last]) };
    return names;
  };

  const buildProgram = (spec: {
    name: string;
    line: number;
    lines: LineDef[];
    inBranch: boolean;
    rdnAttrs: string[];
    fixedDn: string | null;
  }): Program => {
    const index = programs.length;
    const keyOf = (attr: string): string => attr.toLowerCase();
    // Slots: one per attribute, in order of first appearance; objectClass is written first.
    const slotOf = new Map<string, number>();
    const slotNames: string[] = [];
    const lineCount: number[] = [];
    for (const l of spec.lines) {
      const key = keyOf(l.attr);
      let slot = slotOf.get(key);
      if (slot === undefined) {
        slot = slotNames.length;
        slotOf.set(key, slot);
        slotNames.push(l.attr);
        lineCount.push(0);
      }
      lineCount[slot] = (lineCount[slot] as number) + 1;
    }
    const isStaticLine = (l: LineDef): boolean => l.parts.every((p) => p.kind === 'text');
    const staticText = (l: LineDef): string =>
      l.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');
    const staticSlot = slotNames.map((_, s) =>
      spec.lines.every((l) => slotOf.get(keyOf(l.attr)) !== s || isStaticLine(l)),
    );
    const multi = lineCount.map((c) => c > 1);
    const defined = slotNames.map(() => false);
    const always = slotNames.map(() => false);
    const props: (TextProps | null)[] = slotNames.map(() => null);
    const formOf: (ValueForm | null)[] = slotNames.map(() => null);
    const rdnSlots = spec.rdnAttrs.map((a) => slotOf.get(keyOf(a)));
    const body: string[] = [];
    const head: string[] = [];
    const dnHead: string[] = [];
    // How each single-line slot is written, and which of them always have a value.
    const singleRender: string[] = [];
    const singleAlways = new Set<number>();
    const resets = new Set<number>();

    const render = (l: LineDef, safe: boolean, value: string): string => {
      const name = JSON.stringify(l.attr);
      // A value given as base64 or a URL is written as given, unless it is not ASCII: then it is data.
      if (l.form === 'base64')
        return safe
          ? `${JSON.stringify(`${l.attr}:: `)} + ${value} + "\\n"`
          : `H.b64(${name}, ${value})`;
      if (l.form === 'url')
        return safe
          ? `${JSON.stringify(`${l.attr}:< `)} + ${value} + "\\n"`
          : `H.url(${name}, ${value})`;
      return safe
        ? `${JSON.stringify(`${l.attr}: `)} + ${value} + "\\n"`
        : `H.line(${name}, ${value})`;
    };
    const renderConst = (l: LineDef, value: string): string =>
      l.form === 'base64'
        ? helpers.b64(l.attr, value)
        : l.form === 'url'
          ? helpers.url(l.attr, value)
          : ldifLine(l.attr, value);

    // Static slots are constants: their lines, de-duplicated, are one string written as is.
    const staticBlocks: (string | null)[] = slotNames.map(() => null);
    for (let s = 0; s < slotNames.length; s++) {
      if (!staticSlot[s]) continue;
      const values: string[] = [];
      let block = '';
      for (const l of spec.lines) {
        if (slotOf.get(keyOf(l.attr)) !== s) continue;
        const v = staticText(l);
        if (values.includes(v)) continue;
        values.push(v);
        block += renderConst(l, v);
        formOf[s] ??= l.form;
      }
      staticBlocks[s] = block;
      head.push(`const v${s} = ${JSON.stringify(values[0])};`);
      if (multi[s]) head.push(`const a${s} = ${JSON.stringify(values.slice(1))};`);
    }

    const rdnExpr = (): string =>
      spec.rdnAttrs
        .map((attr, i) => {
          const s = rdnSlots[i] as number;
          const p = props[s];
          // Values that cannot hold anything RFC 4514 escapes go into the DN as they are.
          const plain = p !== undefined && p !== null && p.inner && p.start && p.end && !p.special;
          const escaped = staticSlot[s]
            ? JSON.stringify(
                escapeRdnValue(
                  staticText(spec.lines.find((l) => slotOf.get(keyOf(l.attr)) === s) as LineDef),
                ),
              )
            : plain
              ? `v${s}`
              : `H.esc(v${s})`;
          return `${JSON.stringify(`${attr}=`)} + ${escaped}`;
        })
        .join(' + "+" + ');
    const dnCheck = (): string => {
      const missing = rdnSlots
        .filter((s) => !staticSlot[s as number])
        .map((s) => `v${s as number} !== undefined`);
      return `if (dn === null${missing.map((m) => ` && ${m}`).join('')}) dn = ${rdnExpr()} + "," + e.parentDn;`;
    };
    // A template only extended by others needs no RDN: the problem counts only if it generates entries.
    let problem: string | null = null;
    if (spec.fixedDn === null) {
      const missing = spec.rdnAttrs.find((_, i) => rdnSlots[i] === undefined);
      if (missing !== undefined)
        problem = `template ${spec.name}: rdnAttr ${missing} has no line giving it a value`;
      else if (spec.rdnAttrs.length === 0)
        problem = `template ${spec.name} has no rdnAttr: its entries need one to have a DN (e.g. rdnAttr: uid)`;
      else if (rdnSlots.every((s) => staticSlot[s as number])) dnHead.push(dnCheck());
    }

    for (const l of spec.lines) {
      const s = slotOf.get(keyOf(l.attr)) as number;
      const fail = (reason: string): never => {
        throw new TemplateError(file, l.line, reason);
      };
      if (staticSlot[s]) {
        const p = propsOf(staticText(l));
        props[s] = props[s] === null ? p : mergeProps(props[s] as TextProps, p);
        defined[s] = true;
        always[s] = true;
        continue;
      }
      formOf[s] ??= l.form;
      const ctx: TagContext = {
        rng,
        resources: opts.resources,
        inBranch: spec.inBranch,
        fail,
        fn: (f) => fns.push(f) - 1,
        list: (values) => lists.push(values) - 1,
        counter: (initial, reset) => {
          counters.push(initial);
          counterStarts.push(initial);
          if (reset) resetCounters.add(counters.length - 1);
          newCounters.push(counters.length - 1);
          return counters.length - 1;
        },
        names: () => loadNames(fail),
        attrValue: (attr): AttrRef | null => {
          const r = slotOf.get(keyOf(attr));
          if (r === undefined || !defined[r]) return null;
          return {
            expr: `v${r}`,
            extras: multi[r] ? `a${r}` : null,
            always: always[r] as boolean,
            props: props[r] as TextProps,
          };
        },
      };
      const exprs: { literal: string | null; code: string }[] = [];
      const partProps: TextProps[] = [];
      const conds: string[] = [];
      for (const part of l.parts) {
        if (part.kind === 'text') {
          exprs.push({ literal: part.text, code: '' });
          partProps.push(propsOf(part.text));
          continue;
        }
        let code: TagCode;
        if (part.kind === 'attr') code = compileAttrRef(ctx, part.attr, part.chars);
        else {
          const known = statefulCodes.get(part);
          newCounters = [];
          code = known?.code ?? compileTag(ctx, part.name, part.args);
          const used = known?.counters ?? newCounters;
          if (known === undefined && STATEFUL_TAGS.has(part.name))
            statefulCodes.set(part, { code, counters: used });
          // A counter with reset=true restarts whenever this template starts below a new parent.
          for (const c of used) if (resetCounters.has(c)) resets.add(c);
        }
        if ('cond' in code) conds.push(code.cond);
        else {
          exprs.push({ literal: null, code: code.expr });
          partProps.push(code.props);
        }
      }
      // Adjacent literal text joins into one string constant.
      const pieces: string[] = [];
      let pending: string | null = null;
      for (const x of exprs) {
        if (x.literal !== null) pending = (pending ?? '') + x.literal;
        else {
          if (pending !== null) pieces.push(JSON.stringify(pending));
          pending = null;
          pieces.push(x.code);
        }
      }
      if (pending !== null) pieces.push(JSON.stringify(pending));
      const expr = pieces.length === 0 ? '""' : pieces.join(' + ');
      const lineProps = partProps.length === 0 ? propsOf('') : combine(partProps);
      const safe = partsAreSafe(partProps);
      const conditional = conds.length > 0;
      let code = `const t = ${expr};\n`;
      if (!multi[s]) code += `v${s} = t;\n`;
      else {
        code +=
          `if (v${s} === undefined) { v${s} = t; o${s} = ${render(l, safe, 't')}; }\n` +
          `else if (t !== v${s} && (a${s} === null || !a${s}.includes(t))) { (a${s} ??= []).push(t); o${s} += ${render(l, safe, 't')}; }\n`;
      }
      if (!multi[s]) singleRender[s] = render(l, safe, `v${s}`);
      body.push(`// line ${l.line}: ${l.attr.replace(/[^A-Za-z0-9;.-]/g, '')}`);
      body.push(conditional ? `if (${conds.join(' && ')}) {\n${code}}` : `{\n${code}}`);
      props[s] = props[s] === null ? lineProps : mergeProps(props[s] as TextProps, lineProps);
      if (conditional) props[s] = { ...(props[s] as TextProps), empty: true };
      if (spec.fixedDn === null && problem === null && rdnSlots.includes(s)) body.push(dnCheck());
      defined[s] = true;
      always[s] = (always[s] as boolean) || !conditional;
      if (!singleAlways.has(s) && !conditional && !multi[s]) singleAlways.add(s);
    }

    // The entry text: dn, objectClass, then the other attributes in order of first appearance.
    const order = slotNames.map((_, s) => s);
    const oc = slotOf.get('objectclass');
    if (oc !== undefined) {
      order.splice(order.indexOf(oc), 1);
      order.unshift(oc);
    }
    const out: string[] = [];
    if (spec.fixedDn !== null) out.push(JSON.stringify(ldifLine('dn', spec.fixedDn)));
    else {
      const rdnInner =
        problem === null && rdnSlots.every((s) => (props[s as number] as TextProps).inner);
      out.push(
        rdnInner ? '(e.parentSafe ? "dn: " + dn + "\\n" : H.line("dn", dn))' : 'H.line("dn", dn)',
      );
    }
    for (const s of order) {
      if (staticSlot[s]) out.push(JSON.stringify(staticBlocks[s]));
      else if (multi[s]) out.push(`o${s}`);
      else if (singleAlways.has(s)) out.push(singleRender[s] as string);
      else out.push(`(v${s} === undefined ? "" : ${singleRender[s] as string})`);
    }
    out.push('"\\n"');

    const decls: string[] = [
      spec.fixedDn === null ? 'let dn = null;' : `const dn = ${JSON.stringify(spec.fixedDn)};`,
    ];
    for (let s = 0; s < slotNames.length; s++) {
      if (staticSlot[s]) continue;
      decls.push(multi[s] ? `let v${s}, a${s} = null, o${s} = "";` : `let v${s};`);
    }
    const pw = slotOf.get('userpassword');
    const tail =
      (spec.fixedDn === null ? `if (dn === null) H.noDn(${index});\n` : '') +
      `e.dn = dn;\ne.password = ${pw === undefined ? 'null' : `v${pw} ?? null`};\n` +
      `return ${out.join(' +\n  ')};`;
    const source = `"use strict";\nreturn function entry(e) {\n${head.join('\n')}\n${decls.join('\n')}\n${dnHead.join('\n')}\n${body.join('\n')}\n${tail}\n};`;
    const factory = new Function('H', 'P', 'F', 'S', 'rng', source) as (
      h: Helpers,
      p: typeof fns,
      f: typeof lists,
      s: number[],
      r: Prng,
    ) => (e: EntryState) => string;
    const gen = factory(helpers, fns, lists, counters, rng);
    const isPerson = spec.lines.some(
      (l) =>
        keyOf(l.attr) === 'objectclass' && isStaticLine(l) && /person$/i.test(staticText(l).trim()),
    );
    const program: Program = {
      name: spec.name,
      line: spec.line,
      gen,
      passwordForm: pw === undefined ? null : (formOf[pw] ?? 'text'),
      resets: [...resets],
      isPerson,
      problem,
    };
    programs.push(program);
    return program;
  };

  const templateDefs = new Map<string, TemplateDef>();
  for (const t of def.templates) {
    const key = t.name.toLowerCase();
    const earlier = templateDefs.get(key);
    if (earlier !== undefined)
      throw new TemplateError(
        file,
        t.line,
        `template ${t.name} is already defined on line ${earlier.line}`,
      );
    templateDefs.set(key, t);
  }

  // Lines of a template with those it extends first (a parent must be defined above its child, as in OpenDJ).
  const linesOf = (t: TemplateDef, seen: Set<string>): LineDef[] => {
    if (t.extendsName === null) return t.lines;
    const parent = templateDefs.get(t.extendsName.toLowerCase());
    if (parent === undefined || parent.line > t.line) {
      throw new TemplateError(
        file,
        t.extendsLine,
        `template ${t.name} extends ${t.extendsName}, which is not a template defined above it`,
      );
    }
    if (seen.has(parent.name.toLowerCase()))
      throw new TemplateError(file, t.extendsLine, `template ${t.name} extends itself`);
    seen.add(parent.name.toLowerCase());
    return [...linesOf(parent, seen), ...t.lines];
  };

  const compiled = new Map<string, CompiledTemplate>();
  for (const t of def.templates) {
    const program = buildProgram({
      name: t.name,
      line: t.line,
      lines: linesOf(t, new Set([t.name.toLowerCase()])),
      inBranch: false,
      rdnAttrs: t.rdnAttrs,
      fixedDn: null,
    });
    compiled.set(t.name.toLowerCase(), { name: t.name, program, subordinates: [] });
  }
  const resolveSubs = (
    subs: { name: string; count: number; line: number }[],
    owner: string,
  ): Subordinate[] =>
    subs.map((sub) => {
      const template = compiled.get(sub.name.toLowerCase());
      if (template === undefined)
        throw new TemplateError(
          file,
          sub.line,
          `${owner}: subordinateTemplate ${sub.name} is not a defined template`,
        );
      return { template, count: sub.count, line: sub.line };
    });
  for (const t of def.templates) {
    (compiled.get(t.name.toLowerCase()) as CompiledTemplate).subordinates = resolveSubs(
      t.subordinates,
      `template ${t.name}`,
    );
  }
  checkCycles(file, def.templates, compiled);

  const branches: CompiledBranch[] = [];
  const branchDns = new Map<string, number>();
  for (const b of def.branches) branches.push(compileBranch(b));

  function compileBranch(b: BranchDef): CompiledBranch {
    let rdns;
    try {
      rdns = parseDn(b.dn);
    } catch (err) {
      throw new TemplateError(
        file,
        b.line,
        `branch DN "${b.dn}" is not a valid DN: ${(err as Error).message}`,
      );
    }
    if (rdns.length === 0) throw new TemplateError(file, b.line, 'branch: needs a DN');
    const dn = formatDn(rdns);
    const key = dn.toLowerCase();
    const earlier = branchDns.get(key);
    if (earlier !== undefined)
      throw new TemplateError(file, b.line, `branch ${dn} is already defined on line ${earlier}`);
    branchDns.set(key, b.line);
    // The RDN's values are the branch entry's first attributes, as in OpenDJ.
    const rdnLines: LineDef[] = (rdns[0] ?? []).map((ava) => ({
      attr: ava.attr,
      form: 'text',
      parts: ava.value === '' ? [] : [{ kind: 'text', text: ava.value }],
      line: b.line,
    }));
    const program = buildProgram({
      name: dn,
      line: b.line,
      lines: [...rdnLines, ...b.lines],
      inBranch: true,
      rdnAttrs: [],
      fixedDn: dn,
    });
    return { dn, program, subordinates: resolveSubs(b.subordinates, `branch ${dn}`), line: b.line };
  }

  // Templates that generate entries must have an RDN.
  const used = new Set<CompiledTemplate>();
  const markUsed = (subs: Subordinate[]): void => {
    for (const sub of subs) {
      if (used.has(sub.template)) continue;
      used.add(sub.template);
      markUsed(sub.template.subordinates);
    }
  };
  for (const b of branches) markUsed(b.subordinates);
  for (const t of used) {
    if (t.program.problem !== null)
      throw new TemplateError(file, t.program.line, t.program.problem);
  }

  return {
    file,
    branches,
    counters,
    counterStarts,
    names: namesCycler(names),
    warnings: def.warnings,
  };
}

function namesCycler(
  names: { first: readonly string[]; last: readonly string[] } | null,
): NameCycler | null {
  return names === null ? null : new NameCycler(names.first, names.last);
}

/** Properties of a value made of these parts in order. */
function combine(parts: readonly TextProps[]): TextProps {
  const safe = partsAreSafe(parts);
  return {
    inner: parts.every((p) => p.inner),
    start: safe,
    end: safe,
    empty: parts.every((p) => p.empty),
    spaces: parts.some((p) => p.spaces),
    special: parts.some((p) => p.special),
  };
}

/** A template below itself (directly or not) would generate without end. */
function checkCycles(
  file: string,
  defs: TemplateDef[],
  compiled: Map<string, CompiledTemplate>,
): void {
  const state = new Map<CompiledTemplate, 'visiting' | 'done'>();
  const visit = (t: CompiledTemplate, path: string[]): void => {
    const s = state.get(t);
    if (s === 'done') return;
    if (s === 'visiting') {
      const def = defs.find((d) => d.name.toLowerCase() === t.name.toLowerCase());
      throw new TemplateError(
        file,
        def?.line ?? 0,
        `templates below one another form a loop (${[...path, t.name].join(' > ')}): it would never end`,
      );
    }
    state.set(t, 'visiting');
    for (const sub of t.subordinates) if (sub.count !== 0) visit(sub.template, [...path, t.name]);
    state.set(t, 'done');
  };
  for (const t of compiled.values()) visit(t, []);
}
