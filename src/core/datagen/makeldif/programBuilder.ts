// Code generation of the template compiler: each branch or template becomes one JS function that
// writes an entry's LDIF, with its tags' generators, lists and counters shared across the file.
// The steps live beside it: slots.ts lays out the attributes, programDraft.ts holds what is known
// while generating, lineEmit.ts writes each line, dnCode.ts the DN, entrySource.ts the function.
import type { Prng } from '../prng.ts';
import type { EntryState, NameLists, Program, ProgramSpec } from './compiledTypes.ts';
import { entrySource } from './entrySource.ts';
import { TemplateError } from './errors.ts';
import { emitLine } from './lineEmit.ts';
import type { CompiledParts } from './lineEmit.ts';
import { makeHelpers } from './lineWriters.ts';
import type { Helpers } from './lineWriters.ts';
import type { Part } from './parse.ts';
import { noteValue, startDraft } from './programDraft.ts';
import type { ProgramDraft } from './compiledTypes.ts';
import type { TemplateResources } from './resources.ts';
import { hasPersonClass, slotOf, staticText } from './slots.ts';
import type { AttrRef, TagCode, TagContext } from './tagContext.ts';
import { compileAttrRef, compileTag } from './tags.ts';
import { propsOf, propsOfAll } from './textProps.ts';
import type { TextProps } from './textProps.ts';

const STATEFUL_TAGS = new Set(['sequential', 'file']);

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
    this.helpers = makeHelpers((index) => {
      const p = this.programs[index] as Program;
      throw new TemplateError(
        file,
        p.line,
        `template ${p.name}: an entry has no value for an RDN attribute (was its line left out by a tag?)`,
      );
    });
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
    const d = startDraft(spec, this.programs.length);
    for (const l of spec.lines) {
      const s = slotOf(d.slots, l.attr) as number;
      if (d.slots.isStatic[s]) {
        noteValue(d, s, propsOf(staticText(l)), false);
        continue;
      }
      d.formOf[s] ??= l.form;
      const fail = (reason: string): never => {
        throw new TemplateError(this.file, l.line, reason);
      };
      emitLine(d, l, s, this.compileParts(this.tagContext(d, fail), l.parts, d.resets));
    }
    return this.instantiate(d);
  }

  /** The services the tags of one line compile with; `fail` names the line. */
  private tagContext(d: ProgramDraft, fail: (reason: string) => never): TagContext {
    const { counters, counterStarts, resetCounters } = this;
    return {
      rng: this.rng,
      resources: this.resources,
      inBranch: d.spec.inBranch,
      fail,
      fn: (f) => this.fns.push(f) - 1,
      list: (values) => this.lists.push(values) - 1,
      counter: (initial, reset) => {
        counters.push(initial);
        counterStarts.push(initial);
        if (reset) resetCounters.add(counters.length - 1);
        this.newCounters.push(counters.length - 1);
        return counters.length - 1;
      },
      names: () => this.loadNames(fail),
      attrValue: (attr): AttrRef | null => {
        const r = slotOf(d.slots, attr);
        if (r === undefined || !d.defined[r]) return null;
        return {
          expr: `v${r}`,
          extras: d.slots.multi[r] ? `a${r}` : null,
          always: d.always[r] as boolean,
          props: d.props[r] as TextProps,
        };
      },
    };
  }

  /** Compiles a line's parts; counters that restart below a new parent go to `resets`. */
  private compileParts(
    ctx: TagContext,
    parts: readonly Part[],
    resets: Set<number>,
  ): CompiledParts {
    const out: CompiledParts = { exprs: [], props: [], conds: [] };
    for (const part of parts) {
      if (part.kind === 'text') {
        out.exprs.push({ literal: part.text, code: '' });
        out.props.push(propsOf(part.text));
        continue;
      }
      const code =
        part.kind === 'attr'
          ? compileAttrRef(ctx, part.attr, part.chars)
          : this.compileTagPart(ctx, part, resets);
      if ('cond' in code) out.conds.push(code.cond);
      else {
        out.exprs.push({ literal: null, code: code.expr });
        out.props.push(code.props);
      }
    }
    return out;
  }

  /** Compiles a tag, or reuses its code when an inherited line's stateful tag was compiled before. */
  private compileTagPart(
    ctx: TagContext,
    part: Extract<Part, { kind: 'tag' }>,
    resets: Set<number>,
  ): TagCode {
    const known = this.statefulCodes.get(part);
    this.newCounters = [];
    const code = known?.code ?? compileTag(ctx, part.name, part.args);
    const used = known?.counters ?? this.newCounters;
    if (known === undefined && STATEFUL_TAGS.has(part.name))
      this.statefulCodes.set(part, { code, counters: used });
    // A counter with reset=true restarts whenever this template starts below a new parent.
    for (const c of used) if (this.resetCounters.has(c)) resets.add(c);
    return code;
  }

  /** Turns a finished draft into its entry function and program. */
  private instantiate(d: ProgramDraft): Program {
    const factory = new Function('H', 'P', 'F', 'S', 'rng', entrySource(d)) as (
      h: Helpers,
      p: ProgramBuilder['fns'],
      f: ProgramBuilder['lists'],
      s: number[],
      r: Prng,
    ) => (e: EntryState) => string;
    const pw = slotOf(d.slots, 'userpassword');
    const program: Program = {
      name: d.spec.name,
      line: d.spec.line,
      gen: factory(this.helpers, this.fns, this.lists, this.counters, this.rng),
      passwordForm: pw === undefined ? null : (d.formOf[pw] ?? 'text'),
      resets: [...d.resets],
      isPerson: hasPersonClass(d.spec.lines),
      problem: d.problem,
    };
    this.programs.push(program);
    return program;
  }
}
