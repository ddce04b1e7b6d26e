// The declaration every CLI command is made of: its options (parse table and help from one record),
// usage lines, examples and handler. Parsing, help and the option lists are all derived from it.
import type { RawOptions } from './options.ts';

/** One option: how node:util parseArgs reads it and how help shows it. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** Repeatable (`--tag a --tag b`); help says so. */
  readonly multiple?: boolean;
  /** One-letter alias (`-g`). */
  readonly short?: string;
  /** Placeholder of a string option's value in help: N, FILE, DN. */
  readonly value?: string;
  /** What it does, one line (help wraps it). */
  readonly description: string;
  /** The value used when the option is absent; the reader takes it from here, help shows it. */
  readonly default?: string | number;
}

/** Options by name (without the leading dashes). */
export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** Options shown together in help under a title, with notes on how they combine. */
export interface OptionGroup {
  readonly title: string;
  readonly options: OptionTable;
  readonly notes?: readonly string[];
}

/** One example in a command's help: what it does and the command line (starting with `dirbench`). */
export interface Example {
  readonly what: string;
  readonly line: string;
}

/** A command a user types (`run`, `lab start`): declared once, parsed, documented and run from here. */
export interface CommandSpec {
  /** Words after `dirbench`: `run`, `lab start`. */
  readonly name: string;
  /** One line for the overview. */
  readonly summary: string;
  /** Usage lines (each starts with `dirbench NAME`). */
  readonly usage: readonly string[];
  /** Positional arguments after the name, e.g. ['ID', 'TAG...']; a trailing `...` takes any number. */
  readonly args: readonly string[];
  /** Paragraph lines printed under the usage. */
  readonly about?: readonly string[];
  readonly groups: readonly OptionGroup[];
  readonly examples: readonly Example[];
  /** Options of other commands this one refuses with a reason (`--target`: it has its own server). */
  readonly refused?: Readonly<Record<string, string>>;
  /** Does the command; `args` are the positionals after its name; returns the exit code. */
  readonly run: (args: string[], options: RawOptions) => Promise<number>;
}

/** A command word with sub-commands (`lab start|list|...`). */
export interface CommandFamily {
  readonly name: string;
  readonly summary: string;
  readonly subcommands: readonly CommandSpec[];
  /** The sub-command run when none is named (`dirbench runs` lists runs). */
  readonly defaultSub?: string;
}

/** What `dirbench` dispatches on: a command or a family of them. */
export type CliEntry = CommandSpec | CommandFamily;

/** True for a family (`lab`), false for a plain command (`run`). */
export function isFamily(entry: CliEntry): entry is CommandFamily {
  return 'subcommands' in entry;
}

/** Every command, sub-commands flattened, in overview order. */
export function allCommands(entries: readonly CliEntry[]): CommandSpec[] {
  return entries.flatMap((entry) => (isFamily(entry) ? entry.subcommands : [entry]));
}

/** The exit codes every help text prints, one fact for all of them. */
export const EXIT_CODES: readonly { code: number; meaning: string }[] = [
  { code: 0, meaning: 'ok' },
  { code: 1, meaning: 'failed or stopped' },
  { code: 2, meaning: 'bad input' },
  { code: 3, meaning: 'threshold or regression breached' },
];

/** Exit code of a command that refused its input. */
export const EXIT_BAD_INPUT = 2;

/** The options of `table` named in `names`, as one table (a shared group narrowed for one command). */
export function pick<T extends OptionTable, K extends keyof T & string>(
  table: T,
  names: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, table[name]])) as Pick<T, K>;
}

/** The options of `table` but those in `names` (a shared group, less what one command refuses). */
export function omit<T extends OptionTable, K extends keyof T & string>(
  table: T,
  names: readonly K[],
): Omit<T, K> {
  return Object.fromEntries(
    Object.entries(table).filter(([name]) => !(names as readonly string[]).includes(name)),
  ) as Omit<T, K>;
}

/** `table` without defaults in help: where the options override a file's values (matrix run). */
export function withoutDefaults(table: OptionTable): OptionTable {
  return Object.fromEntries(
    Object.entries(table).map(([name, { default: _default, ...spec }]) => [name, spec]),
  );
}

/**
 * The one option table of a command: all its groups merged. Throws when two groups declare the same
 * name (a declaration mistake: each option is declared once per command).
 */
export function optionTable(command: Pick<CommandSpec, 'name' | 'groups'>): OptionTable {
  const table: Record<string, OptionSpec> = {};
  for (const group of command.groups) {
    for (const [name, spec] of Object.entries(group.options)) {
      if (name in table)
        throw new Error(`${command.name}: --${name} is declared twice (in "${group.title}")`);
      table[name] = spec;
    }
  }
  return table;
}

/** The parseArgs `options` config of a table (help fields dropped). */
export function parseArgsConfig(
  table: OptionTable,
): Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> {
  return Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [
      name,
      {
        type: spec.type,
        ...(spec.multiple === true ? { multiple: true } : {}),
        ...(spec.short === undefined ? {} : { short: spec.short }),
      },
    ]),
  );
}

/**
 * Every option of every command in one table, used to split a command line into words before the
 * command is known. Throws when two commands give one name different kinds of value: an option
 * means the same kind of thing everywhere (`--seed N`, `--template FILE`).
 */
export function unionTable(tables: readonly OptionTable[]): OptionTable {
  const union: Record<string, OptionSpec> = {};
  for (const table of tables) {
    for (const [name, spec] of Object.entries(table)) {
      const seen = union[name];
      if (
        seen !== undefined &&
        (seen.type !== spec.type ||
          (seen.multiple === true) !== (spec.multiple === true) ||
          seen.short !== spec.short)
      ) {
        throw new Error(`--${name} is declared with different types or aliases by two commands`);
      }
      union[name] = seen ?? spec;
    }
  }
  return union;
}
