// The declaration every CLI command is made of: its options (parse table and help from one record),
// usage lines, examples and handler. Parsing, help and the option lists are all derived from it.
import { constants } from 'node:os';
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
  /**
   * What it is doing, in a few words an unexpected error's line starts with ("run salford/S.1 on
   * ldap://..."); reads the options as given (unchecked). Default: its name and arguments.
   */
  readonly activity?: (args: readonly string[], options: RawOptions) => string;
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

/** What `command` does with these arguments and options, in a few words (never throws). */
export function activityOf(
  command: CommandSpec,
  args: readonly string[],
  options: RawOptions,
): string {
  const plain = [command.name, ...args].join(' ');
  try {
    return command.activity?.(args, options) ?? plain;
  } catch {
    // A description must not hide the error it introduces.
    return plain;
  }
}

/** Every command, sub-commands flattened, in overview order. */
export function allCommands(entries: readonly CliEntry[]): CommandSpec[] {
  return entries.flatMap((entry) => (isFamily(entry) ? entry.subcommands : [entry]));
}

/** Exit code of a command that did what it was asked and, for runs, held every threshold. */
export const EXIT_OK = 0;
/** Exit code of a command that failed, or of a run that failed or was stopped. */
export const EXIT_FAILED = 1;
/** Exit code of a command that refused its input. */
export const EXIT_BAD_INPUT = 2;
/** Exit code of a run or campaign that completed but breached a threshold (k6 uses 99; 3 is DirBench's). */
export const EXIT_BREACHED = 3;
/** Exit code of a command stopped by `signal`: 128 + its number, as shells report it (SIGINT 130, SIGTERM 143). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

/** One exit code: a few words for help's line, and a sentence for the table of docs/ci-gates.md. */
export interface ExitCode {
  readonly code: number;
  readonly meaning: string;
  readonly detail: string;
}

/**
 * The exit codes, one fact for help texts and the table of docs/ci-gates.md (npm run docs writes it).
 * A signal exits 128 + its number, the Unix convention shells, `timeout` and CI runners read as
 * "interrupted": a script tells a Ctrl-C from a failed run and stops too (1 would say "failed").
 */
export const EXIT_CODES: readonly ExitCode[] = [
  {
    code: EXIT_OK,
    meaning: 'ok',
    detail:
      'every run completed and held its thresholds (a run with some errors that kept working completes, with its error counts)',
  },
  {
    code: EXIT_FAILED,
    meaning: 'failed or stopped',
    detail:
      'a run failed or was stopped (lost its server, could not connect, a worker died, the database refused a second), or another command failed',
  },
  {
    code: EXIT_BAD_INPUT,
    meaning: 'bad input',
    detail: 'bad input: an option, file, pattern or id was wrong; nothing ran',
  },
  {
    code: EXIT_BREACHED,
    meaning: 'threshold or regression breached',
    detail:
      'every run completed, but a threshold (`--threshold`) or a regression limit (`compare --max-regression`) was breached',
  },
  {
    code: signalExitCode('SIGINT'),
    meaning: 'stopped by Ctrl-C',
    detail:
      'stopped by Ctrl-C (SIGINT): the run so far is stored as stopped (`serve`, `agent` and `responder` exit 0: a stop is their end)',
  },
  {
    code: signalExitCode('SIGTERM'),
    meaning: 'stopped by SIGTERM',
    detail: 'stopped by SIGTERM, as by Ctrl-C',
  },
];

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
