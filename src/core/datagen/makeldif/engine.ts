// Runs a compiled makeldif template: walks branches and templates depth-first and streams the LDIF.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ChunkedWriter } from '../output.ts';
import type { GenerateOptions, PersonSideFiles } from '../dataset.ts';
import type {
  CompiledBranch,
  CompiledTemplate,
  CompiledTemplateFile,
  EntryState,
  Program,
  Subordinate,
} from './compiledTypes.ts';
import { compileTemplateFile } from './compile.ts';
import { TemplateError } from './errors.ts';
import { isSafeValue } from '../../ldif/safeValue.ts';
import { parseTemplateText } from './parse.ts';
import { TemplateResources } from './resources.ts';
import { eachSubordinate, usedTemplates } from './subordinateWalk.ts';

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

interface Frame {
  program: Program;
  subordinates: Subordinate[];
  isBranch: boolean;
  /** Whether this frame's entries go to the DN list. */
  listed: boolean;
  parentDn: string;
  parentSafe: boolean;
  count: number;
  done: number;
  /** -1: the next step is a new entry; else the subordinate being generated below the current entry. */
  sub: number;
  dn: string;
}

/** Streams a loaded template into open writers; returns the entries written and how many went to the DN list. */
export async function streamTemplate(
  loaded: LoadedTemplate,
  ldif: ChunkedWriter,
  side: PersonSideFiles,
  opts: GenerateOptions = {},
): Promise<{ entries: number; listed: number }> {
  const { signal, onProgress } = opts;
  signal?.throwIfAborted();
  const { compiled, total } = loaded;
  const { names } = compiled;
  const { dns, binds } = side;
  // The DN list holds persons: entries of templates with a static objectClass ending in "person";
  // a template file without any lists its leaf templates' entries instead.
  const anyPerson = [...usedTemplates(compiled.branches)].some((t) => t.program.isPerson);
  const listed = (t: CompiledTemplate): boolean =>
    anyPerson ? t.program.isPerson : t.subordinates.every((s) => s.count === 0);

  const e: EntryState = {
    parentDn: '',
    parentSafe: true,
    first: '',
    last: '',
    dn: '',
    password: null,
  };
  let written = 0;
  let listedCount = 0;
  const emit = (f: Frame): void => {
    if (!f.isBranch && names !== null) {
      names.next();
      e.first = names.first;
      e.last = names.last;
    }
    e.parentDn = f.parentDn;
    e.parentSafe = f.parentSafe;
    ldif.write(f.program.gen(e));
    written++;
    f.dn = e.dn;
    if (f.listed) {
      listedCount++;
      dns?.write(`${e.dn}\n`);
    }
    if (binds !== undefined && e.password !== null) {
      const password = plainPassword(e.password, f.program.passwordForm);
      if (password !== null) binds.write(`${e.dn}\t${password}\n`);
    }
  };
  const counters = compiled.counters;
  const childFrame = (parent: Frame, sub: Subordinate): Frame => {
    for (const c of sub.template.program.resets) counters[c] = compiled.counterStarts[c] as number;
    return {
      program: sub.template.program,
      subordinates: sub.template.subordinates,
      isBranch: false,
      listed: listed(sub.template),
      parentDn: parent.dn,
      parentSafe: isSafeValue(parent.dn),
      count: sub.count,
      done: 0,
      sub: -1,
      dn: '',
    };
  };

  let branchIndex = 0;
  const stack: Frame[] = [];
  /** Generates until the LDIF chunk is full; false once everything is written. */
  const fill = (): boolean => {
    for (;;) {
      if (ldif.full) return true;
      const f = stack[stack.length - 1];
      if (f === undefined) {
        const b = compiled.branches[branchIndex++];
        if (b === undefined) return false;
        stack.push({
          program: b.program,
          subordinates: b.subordinates,
          isBranch: true,
          listed: false,
          parentDn: '',
          parentSafe: true,
          count: 1,
          done: 0,
          sub: -1,
          dn: '',
        });
        continue;
      }
      if (f.sub < 0 || f.sub >= f.subordinates.length) {
        if (f.done >= f.count) {
          stack.pop();
          const parent = stack[stack.length - 1];
          if (parent !== undefined) parent.sub++;
          continue;
        }
        if (f.subordinates.length === 0) {
          // Leaf entries: the hot loop.
          while (f.done < f.count && !ldif.full) {
            emit(f);
            f.done++;
          }
          continue;
        }
        emit(f);
        f.done++;
        f.sub = 0;
        continue;
      }
      stack.push(childFrame(f, f.subordinates[f.sub] as Subordinate));
    }
  };

  const reportEvery = Math.max(1, Math.ceil(total / 100));
  let nextReport = reportEvery;
  for (;;) {
    const more = fill();
    signal?.throwIfAborted();
    await ldif.flush();
    if (dns?.full === true) await dns.flush();
    if (binds?.full === true) await binds.flush();
    if (written >= nextReport || !more) {
      onProgress?.(written, total);
      nextReport = (Math.floor(written / reportEvery) + 1) * reportEvery;
    }
    if (!more) break;
  }
  return { entries: written, listed: listedCount };
}

/** A userPassword usable for binding: plain text (not `{SCHEME}...`), base64 decoded, one line. */
function plainPassword(value: string, form: Program['passwordForm']): string | null {
  if (value === lastPassword.value && form === lastPassword.form) return lastPassword.plain;
  lastPassword.value = value;
  lastPassword.form = form;
  lastPassword.plain = toPlain(value, form);
  return lastPassword.plain;
}

// Most templates give every entry the same password: check it once.
const lastPassword: { value: string; form: Program['passwordForm']; plain: string | null } = {
  value: '',
  form: null,
  plain: null,
};

function toPlain(value: string, form: Program['passwordForm']): string | null {
  let text = value;
  if (form === 'url') return null;
  if (form === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    text = Buffer.from(value, 'base64').toString('utf8');
  }
  if (text === '' || text.startsWith('{') || /[\t\n\r\uFFFD]/.test(text)) return null;
  return text;
}
