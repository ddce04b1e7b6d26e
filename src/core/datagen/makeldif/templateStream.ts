// Streams a compiled makeldif template: walks branches and templates depth first, writing each
// entry's LDIF and its DN and bind lines, chunk by chunk.
import { isSafeValue } from '../../ldif/safeValue.ts';
import { pumpChunks } from '../chunkPump.ts';
import type { GenerateOptions, PersonSideFiles } from '../dataset.ts';
import type { ChunkedWriter } from '../output.ts';
import { plainPassword } from './bindPassword.ts';
import type {
  CompiledBranch,
  CompiledTemplate,
  CompiledTemplateFile,
  EntryState,
  Program,
  Subordinate,
} from './compiledTypes.ts';
import { usedTemplates } from './subordinateWalk.ts';

/** What streamTemplate needs of a loaded template. */
export interface StreamableTemplate {
  compiled: CompiledTemplateFile;
  /** Entries it generates, branches included. */
  total: number;
}

/** A branch or a template's run of entries below one parent, as the walk goes through it. */
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

/** How many entries were written, and how many of them went to the DN list. */
interface Written {
  entries: number;
  listed: number;
}

/** Streams a loaded template into open writers; returns the entries written and how many went to the DN list. */
export async function streamTemplate(
  loaded: StreamableTemplate,
  ldif: ChunkedWriter,
  side: PersonSideFiles,
  opts: GenerateOptions = {},
): Promise<{ entries: number; listed: number }> {
  opts.signal?.throwIfAborted();
  const { compiled, total } = loaded;
  const { emit, written } = entryWriter(compiled, ldif, side);
  const fill = templateWalk(compiled, ldif, emit);
  await pumpChunks(fill, () => written.entries, total, ldif, side, opts);
  return { entries: written.entries, listed: written.listed };
}

/** Writes a frame's next entry: its LDIF, its DN to the DN list when listed, its DN and password to the binds. */
function entryWriter(
  compiled: CompiledTemplateFile,
  ldif: ChunkedWriter,
  side: PersonSideFiles,
): { emit: (f: Frame) => void; written: Written } {
  const { names } = compiled;
  const { dns, binds } = side;
  const e: EntryState = {
    parentDn: '',
    parentSafe: true,
    first: '',
    last: '',
    dn: '',
    password: null,
  };
  const written: Written = { entries: 0, listed: 0 };
  const emit = (f: Frame): void => {
    if (!f.isBranch && names !== null) {
      names.next();
      e.first = names.first;
      e.last = names.last;
    }
    e.parentDn = f.parentDn;
    e.parentSafe = f.parentSafe;
    ldif.write(f.program.gen(e));
    written.entries++;
    f.dn = e.dn;
    if (f.listed) {
      written.listed++;
      dns?.write(`${e.dn}\n`);
    }
    if (binds !== undefined && e.password !== null) {
      const password = plainPassword(e.password, f.program.passwordForm);
      if (password !== null) binds.write(`${e.dn}\t${password}\n`);
    }
  };
  return { emit, written };
}

/**
 * The DN list holds persons: entries of templates with a static objectClass ending in "person";
 * a template file without any lists its leaf templates' entries instead.
 */
function dnListRule(compiled: CompiledTemplateFile): (t: CompiledTemplate) => boolean {
  const anyPerson = [...usedTemplates(compiled.branches)].some((t) => t.program.isPerson);
  return (t) => (anyPerson ? t.program.isPerson : t.subordinates.every((s) => s.count === 0));
}

/** The depth-first walk: each call generates until the LDIF chunk is full; false once everything is written. */
function templateWalk(
  compiled: CompiledTemplateFile,
  ldif: ChunkedWriter,
  emit: (f: Frame) => void,
): () => boolean {
  const listed = dnListRule(compiled);
  let branchIndex = 0;
  const stack: Frame[] = [];
  return () => {
    for (;;) {
      if (ldif.full) return true;
      const f = stack[stack.length - 1];
      if (f === undefined) {
        const b = compiled.branches[branchIndex++];
        if (b === undefined) return false;
        stack.push(branchFrame(b));
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
      const sub = f.subordinates[f.sub] as Subordinate;
      stack.push(childFrame(compiled, f, sub, listed(sub.template)));
    }
  };
}

function branchFrame(b: CompiledBranch): Frame {
  return {
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
  };
}

/** The frame of a subordinate's entries below the parent's current entry; restarts its reset counters. */
function childFrame(
  compiled: CompiledTemplateFile,
  parent: Frame,
  sub: Subordinate,
  listed: boolean,
): Frame {
  const { counters, counterStarts } = compiled;
  for (const c of sub.template.program.resets) counters[c] = counterStarts[c] as number;
  return {
    program: sub.template.program,
    subordinates: sub.template.subordinates,
    isBranch: false,
    listed,
    parentDn: parent.dn,
    parentSafe: isSafeValue(parent.dn),
    count: sub.count,
    done: 0,
    sub: -1,
    dn: '',
  };
}
