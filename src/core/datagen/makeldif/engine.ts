// Loads a makeldif template: reads, parses and compiles it, settles its counts (entriesOverride) and
// checks its size; templateStream.ts streams it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { binaryContent } from '../../../shared/inputExcerpt.ts';
import type {
  CompiledBranch,
  CompiledTemplate,
  CompiledTemplateFile,
  Subordinate,
} from './compiledTypes.ts';
import { compileTemplateFile } from './compile.ts';
import { TemplateError } from './errors.ts';
import { parseTemplateText } from './parse.ts';
import { TemplateResources } from './resources.ts';
import { eachSubordinate } from './subordinateWalk.ts';

/** The constant makeldif's example.template sizes itself by; entriesOverride sets it when defined. */
export const NUMUSERS_CONSTANT = 'numusers';

/** Which template to run and how. */
export interface TemplateRunSpec {
  templatePath: string;
  /** Where <file:...>, first.names and last.names are looked for first (default: data/makeldif). */
  resourceDir?: string | undefined;
  /**
   * Size of the directory: sets `define numusers=` when the template has it (as `makeldif -c numusers=N`);
   * otherwise fills `subordinateTemplate: NAME` lines without a count; otherwise rescales the branches'
   * subordinateTemplate counts to add up to N.
   */
  entriesOverride?: number | undefined;
  /** Constants that replace the template's defines (makeldif's `-c name=value`). */
  constants?: Readonly<Record<string, string>> | undefined;
  seed: number;
}

/** A template ready to stream: compiled, counts settled. */
export interface LoadedTemplate {
  compiled: CompiledTemplateFile;
  /** Entries it generates, branches included. */
  total: number;
  /** DN of the first entry. */
  suffix: string;
  /** The first branch below the suffix, else the suffix. */
  baseDn: string;
  warnings: string[];
}

/** Reads, parses and compiles a template file; throws TemplateError (file, line, reason). */
export function loadTemplate(spec: TemplateRunSpec): LoadedTemplate {
  const path = resolve(spec.templatePath);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new TemplateError(
      spec.templatePath,
      0,
      `cannot read the template: ${(err as Error).message}`,
    );
  }
  return loadTemplateText(text, spec.templatePath, spec, path);
}

/** As loadTemplate, for template text already in hand (`file` names it in messages). */
export function loadTemplateText(
  text: string,
  file: string,
  spec: Omit<TemplateRunSpec, 'templatePath'>,
  templatePath: string | null = null,
): LoadedTemplate {
  const overrides = new Map(
    Object.entries(spec.constants ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const n = spec.entriesOverride;
  if (n !== undefined) {
    if (!Number.isSafeInteger(n) || n < 0)
      throw new RangeError(`entriesOverride must be a whole number >= 0, got ${n}`);
  }
  const binary = binaryContent(text);
  if (binary !== null)
    throw new TemplateError(file, 0, `not a template: it is not text (${binary})`);
  const definesNumusers = /^define\s+numusers\s*=/im.test(text);
  if (n !== undefined && definesNumusers) overrides.set(NUMUSERS_CONSTANT, String(n));
  const def = parseTemplateText(text, file, overrides);
  const resources = new TemplateResources(spec.resourceDir, templatePath);
  const compiled = compileTemplateFile(def, { resources, seed: spec.seed });
  if (compiled.branches.length === 0)
    throw new TemplateError(file, 0, 'the template has no branch: entries need one to sit below');
  if (n !== undefined && !definesNumusers) applyOverride(compiled, n, file);
  for (const sub of allSubordinates(compiled)) {
    if (sub.count < 0) {
      throw new TemplateError(
        file,
        sub.line,
        `subordinateTemplate ${sub.template.name} has no count: give one (${sub.template.name}:1000) or an entries override`,
      );
    }
  }
  const total = countEntries(compiled, file);
  const suffix = (compiled.branches[0] as CompiledBranch).dn;
  const below = compiled.branches.find((b) =>
    b.dn.toLowerCase().endsWith(`,${suffix.toLowerCase()}`),
  );
  return { compiled, total, suffix, baseDn: below?.dn ?? suffix, warnings: compiled.warnings };
}

function allSubordinates(c: CompiledTemplateFile): Subordinate[] {
  const out: Subordinate[] = [];
  eachSubordinate(c.branches, (sub) => out.push(sub));
  return out;
}

/** Without numusers: open-ended counts get N; else the branches' counts are scaled to add up to N. */
function applyOverride(c: CompiledTemplateFile, n: number, file: string): void {
  const open = allSubordinates(c).filter((s) => s.count < 0);
  if (open.length > 0) {
    for (const s of open) s.count = n;
    return;
  }
  const subs = c.branches.flatMap((b) => b.subordinates);
  const sum = subs.reduce((a, s) => a + s.count, 0);
  if (sum === 0) {
    throw new TemplateError(
      file,
      0,
      'an entries override needs "define numusers=", a subordinateTemplate without a count, or branch subordinateTemplate counts to scale',
    );
  }
  // Largest remainders, so the scaled counts add up to exactly N.
  const exact = subs.map((s) => (s.count * n) / sum);
  const counts = exact.map(Math.floor);
  let left = n - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, r: x - Math.floor(x) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i] = (counts[i] as number) + 1;
    left--;
  }
  subs.forEach((s, i) => (s.count = counts[i] as number));
}

function countEntries(c: CompiledTemplateFile, file: string): number {
  const sizes = new Map<CompiledTemplate, number>();
  const size = (t: CompiledTemplate): number => {
    const known = sizes.get(t);
    if (known !== undefined) return known;
    let n = 1;
    // A template may list itself with count 0 (allowed, it generates nothing): never descend there.
    for (const sub of t.subordinates) if (sub.count !== 0) n += sub.count * size(sub.template);
    sizes.set(t, n);
    return n;
  };
  let total = 0;
  for (const b of c.branches) {
    total += 1;
    for (const sub of b.subordinates) total += sub.count * size(sub.template);
  }
  if (!Number.isSafeInteger(total))
    throw new TemplateError(file, 0, `the template would generate ${total} entries: too many`);
  return total;
}
