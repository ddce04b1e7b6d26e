// Code generation of the template compiler: each branch or template becomes one JS function that
// writes an entry's LDIF, with its tags' generators, lists and counters shared across the file.
import { escapeRdnValue } from '../../ldif/dn.ts';
import { ldifLine } from '../../ldif/write.ts';
import type { Prng } from '../prng.ts';
import { TemplateError } from './errors.ts';
import type { TextProps } from './textProps.ts';
import { mergeProps, combine, partsAreSafe, propsOf, propsOfAll } from './textProps.ts';
import type { EntryState, NameLists, Program, ProgramSpec } from './compiledTypes.ts';
import type { LineDef, Part, ValueForm } from './parse.ts';
import type { TemplateResources } from './resources.ts';
import type { AttrRef, TagCode, TagContext } from './tagContext.ts';
import { compileAttrRef, compileTag } from './tags.ts';

/** Helpers the generated code calls through `H`. */
interface Helpers {
  line: (name: string, value: string) => string;
  b64: (name: string, value: string) => string;
  url: (name: string, value: string) => string;
  esc: (value: string) => string;
  noDn: (program: number) => never;
}

const STATEFUL_TAGS = new Set(['sequential', 'file']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Builds the programs of one template file; they share its generators, lists and counters. */
export class ProgramBuilder {
  readonly programs: Program[] = [];
  /** Counter values (`<sequential>`), and where each starts. */
  readonly counters: number[] = [];
  readonly counterStarts: number[] = [];
  /** The name lists, once a tag asked for them. */
  names: NameLists | null = null;
  private readonly file: string;
  private readonly rng: Prng;
  private readonly resources: TemplateResources;
  private readonly fns: ((...args: never[]) => string)[] = [];
  private readonly lists: (readonly string[])[] = [];
  private readonly resetCounters = new Set<number>();
  /** Counters the tag being compiled registered. */
  private newCounters: number[] = [];
  // Inherited lines keep their tags' state (a <sequential> counter in a parent template is shared).
  private readonly statefulCodes = new Map<Part, { code: TagCode; counters: number[] }>();
  private readonly helpers: Helpers;

  constructor(file: string, rng: Prng, resources: TemplateResources) {
    this.file = file;
    this.rng = rng;
    this.resources = resources;
    this.helpers = {
      line: ldifLine,
      b64: (name, value) =>
        /^[\x21-\x7e]*$/.test(value) ? `${name}:: ${value}\n` : ldifLine(name, value),
      // encodeURI throws on a lone surrogate (text from the API, not a file): write it as U+FFFD like UTF-8 would.
      url: (name, value) => `${name}:< ${encodeURI(value.replace(LONE_SURROGATE, '\uFFFD'))}\n`,
      esc: escapeRdnValue,
      noDn: (index) => {
        const p = this.programs[index] as Program;
        throw new TemplateError(
          file,
          p.line,
          `template ${p.name}: an entry has no value for an RDN attribute (was its line left out by a tag?)`,
        );
      },
    };
  }

  /** The first and last name lists, loaded on first use; fails naming where they were looked for. */
  loadNames(fail: (r: string) => never): NameLists {
    if (this.names !== null) return this.names;
    const first = this.resources.lines('first.names');
    const last = this.resources.lines('last.names');
    if (first === null || last === null || first.length === 0 || last.length === 0) {
      fail(
        `<first> and <last> need first.names and last.names (one name a line) in ${this.resources.searched()}`,
      );
    }
    this.names = { first, last, props: propsOfAll([...first, ...last]) };
    return this.names;
  }

  /** Compiles one branch or template (its lines, inherited ones first) into a generated function. */
  build(spec: ProgramSpec): Program {
    const {
      programs,
      fns,
      lists,
      counters,
      counterStarts,
      resetCounters,
      statefulCodes,
      helpers,
      rng,
      file,
    } = this;
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
        resources: this.resources,
        inBranch: spec.inBranch,
        fail,
        fn: (f) => fns.push(f) - 1,
        list: (values) => lists.push(values) - 1,
        counter: (initial, reset) => {
          counters.push(initial);
          counterStarts.push(initial);
          if (reset) resetCounters.add(counters.length - 1);
          this.newCounters.push(counters.length - 1);
          return counters.length - 1;
        },
        names: () => this.loadNames(fail),
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
          this.newCounters = [];
          code = known?.code ?? compileTag(ctx, part.name, part.args);
          const used = known?.counters ?? this.newCounters;
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
  }
}
