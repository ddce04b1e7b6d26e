// Compiles a parsed template file: resolves inheritance, subordinates and branches, checks every
// reference, and has programBuilder.ts generate one JS function per branch and template.
import { mix32, Prng } from '../prng.ts';
import type {
  CompiledBranch,
  CompiledTemplate,
  CompiledTemplateFile,
  Subordinate,
} from './compiledTypes.ts';
import { TemplateError } from './errors.ts';
import { formatDn, parseDn } from '../../ldif/dn.ts';
import { NameCycler } from './nameCycler.ts';
import type { BranchDef, LineDef, TemplateDef, TemplateFileDef } from './parse.ts';
import type { TemplateResources } from './resources.ts';
import { ProgramBuilder } from './programBuilder.ts';
import { usedTemplates } from './subordinateWalk.ts';

/** What compiling needs besides the parsed file. */
export interface CompileOptions {
  resources: TemplateResources;
  seed: number;
}

/** Compiles branches and templates into generated functions, checking every reference. */
export function compileTemplateFile(
  def: TemplateFileDef,
  opts: CompileOptions,
): CompiledTemplateFile {
  const { file } = def;
  const builder = new ProgramBuilder(file, new Prng(mix32(opts.seed ^ 0x2545f491)), opts.resources);
  const buildProgram = builder.build.bind(builder);

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
  for (const t of usedTemplates(branches)) {
    if (t.program.problem !== null)
      throw new TemplateError(file, t.program.line, t.program.problem);
  }

  return {
    file,
    branches,
    counters: builder.counters,
    counterStarts: builder.counterStarts,
    names: namesCycler(builder.names),
    warnings: def.warnings,
  };
}

function namesCycler(
  names: { first: readonly string[]; last: readonly string[] } | null,
): NameCycler | null {
  return names === null ? null : new NameCycler(names.first, names.last);
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
