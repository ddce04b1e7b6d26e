// Compiles a parsed template file: resolves inheritance (inheritance.ts), subordinates and branches
// (branchSpec.ts), checks every reference, and has programBuilder.ts generate one JS function per
// branch and template.
import { mix32, Prng } from '../prng.ts';
import type {
  CompiledBranch,
  CompiledTemplate,
  CompiledTemplateFile,
  Subordinate,
} from './compiledTypes.ts';
import { TemplateError } from './errors.ts';
import { NameCycler } from './nameCycler.ts';
import { branchSpec } from './branchSpec.ts';
import { indexTemplates, inheritedLines } from './inheritance.ts';
import type { SubordinateDef, TemplateDef, TemplateFileDef } from './parse.ts';
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
  const compiled = compileTemplates(def, builder);
  const branchDns = new Map<string, number>();
  const branches = def.branches.map((b): CompiledBranch => {
    const { dn, spec } = branchSpec(file, b, branchDns);
    const program = builder.build(spec);
    const subordinates = resolveSubs(file, compiled, b.subordinates, `branch ${dn}`);
    return { dn, program, subordinates, line: b.line };
  });
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

/** Compiles every template (inherited lines first), then links their subordinates and checks for loops. */
function compileTemplates(
  def: TemplateFileDef,
  builder: ProgramBuilder,
): Map<string, CompiledTemplate> {
  const { file } = def;
  const byName = indexTemplates(file, def.templates);
  const compiled = new Map<string, CompiledTemplate>();
  for (const t of def.templates) {
    const program = builder.build({
      name: t.name,
      line: t.line,
      lines: inheritedLines(file, byName, t),
      inBranch: false,
      rdnAttrs: t.rdnAttrs,
      fixedDn: null,
    });
    compiled.set(t.name.toLowerCase(), { name: t.name, program, subordinates: [] });
  }
  for (const t of def.templates) {
    (compiled.get(t.name.toLowerCase()) as CompiledTemplate).subordinates = resolveSubs(
      file,
      compiled,
      t.subordinates,
      `template ${t.name}`,
    );
  }
  checkCycles(file, def.templates, compiled);
  return compiled;
}

/** `subordinateTemplate:` lines resolved to compiled templates; `owner` names their branch or template. */
function resolveSubs(
  file: string,
  compiled: ReadonlyMap<string, CompiledTemplate>,
  subs: readonly SubordinateDef[],
  owner: string,
): Subordinate[] {
  return subs.map((sub) => {
    const template = compiled.get(sub.name.toLowerCase());
    if (template === undefined)
      throw new TemplateError(
        file,
        sub.line,
        `${owner}: subordinateTemplate ${sub.name} is not a defined template`,
      );
    return { template, count: sub.count, line: sub.line };
  });
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
