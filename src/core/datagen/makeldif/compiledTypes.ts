// What compiling a template file produces: one program per branch and template, their subordinates,
// the state each generated entry reads and fills, and the draft each program is generated from.
import type { NameCycler } from './nameCycler.ts';
import type { TextProps } from './textProps.ts';
import type { LineDef, ValueForm } from './parse.ts';
import type { SlotLayout } from './slots.ts';

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

/** The name lists <first> and <last> read, with what their values may hold. */
export interface NameLists {
  first: readonly string[];
  last: readonly string[];
  props: TextProps;
}

/** One branch or template to compile: its lines (inherited ones first) and how its DN is made. */
export interface ProgramSpec {
  name: string;
  line: number;
  lines: LineDef[];
  inBranch: boolean;
  rdnAttrs: string[];
  fixedDn: string | null;
}

/** One program being generated; slot `s` holds its first value in `v{s}`, further ones in `a{s}`. */
export interface ProgramDraft {
  spec: ProgramSpec;
  /** The program's index among the file's programs (what `H.noDn` reports). */
  index: number;
  slots: SlotLayout;
  /** The slot of each RDN attribute, undefined where no line gives it. */
  rdnSlots: (number | undefined)[];
  /** Why the template cannot make a DN, or null. */
  problem: string | null;
  /** Per slot, as of the line being compiled: has a value yet, always has one, what its values hold. */
  defined: boolean[];
  always: boolean[];
  props: (TextProps | null)[];
  formOf: (ValueForm | null)[];
  /** The constant text of each static slot (its lines, de-duplicated). */
  staticBlocks: (string | null)[];
  /** Code before the declarations, before the lines (a DN of static values only), and of the lines. */
  head: string[];
  dnHead: string[];
  body: string[];
  /** How each single-line slot is written, and which of them always have a value. */
  singleRender: string[];
  singleAlways: Set<number>;
  /** Counters restarted below each new parent. */
  resets: Set<number>;
}
