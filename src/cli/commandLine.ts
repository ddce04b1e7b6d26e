// Reads a `dirbench` command line against the command declarations: which command, its arguments
// and options (each command takes only its own), or which help to print. Mistakes are exit-2 errors
// that name the option or word and the command.
import { parseArgs } from 'node:util';
import { ApiError } from '../shared/errors.ts';
import { joinNegativeValues } from './argvFixes.ts';
import {
  allCommands,
  EXIT_BAD_INPUT,
  isFamily,
  optionTable,
  parseArgsConfig,
  unionTable,
} from './commandSpec.ts';
import type { CliEntry, CommandSpec, OptionTable } from './commandSpec.ts';
import { ROOT_OPTIONS } from './commonOptions.ts';
import { commandHelp, familyHelp, overview } from './help.ts';
import type { RawOptions } from './options.ts';

/** One option as parseArgs's tokens show it. */
type OptionToken = Extract<
  NonNullable<ReturnType<typeof parseArgs>['tokens']>[number],
  { kind: 'option' }
>;

/** What the command line asks for. */
export type CommandLine =
  | { kind: 'help'; text: string; exitCode: 0 | typeof EXIT_BAD_INPUT }
  | { kind: 'version' }
  | { kind: 'command'; command: CommandSpec; args: string[]; options: RawOptions };

/** A bad command line: exit 2 with this message (no field prefix: it names what is wrong itself). */
function bad(message: string): ApiError {
  return new ApiError('validation', message);
}

/** "a, b and c" */
function listing(words: readonly string[], last: 'and' | 'or'): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1] ?? ''}`;
}

/** The commands whose table has option `name`. */
function takersOf(name: string, commands: readonly CommandSpec[]): string[] {
  return commands.filter((c) => name in optionTable(c)).map((c) => c.name);
}

/** " (run and calibrate take it)", or '' when no command does. */
function takersHint(name: string, commands: readonly CommandSpec[]): string {
  const takers = takersOf(name, commands);
  if (takers.length === 0) return '';
  const named =
    takers.length <= 5 ? listing(takers, 'and') : `${takers.slice(0, 4).join(', ')} and others`;
  return ` (${named} ${takers.length === 1 ? 'takes' : 'take'} it)`;
}

/** The error for an option `command` does not take: why (when it refuses it) or which commands do. */
function unknownOption(
  command: CommandSpec,
  token: OptionToken,
  commands: readonly CommandSpec[],
): ApiError {
  const see = `see "dirbench ${command.name} --help"`;
  const reason = command.refused?.[token.name];
  if (reason !== undefined)
    return bad(`${command.name} does not take ${token.rawName}: ${reason}; ${see}`);
  return bad(
    `${command.name} does not take ${token.rawName}${takersHint(token.name, commands)}; ${see}`,
  );
}

/** A value missing after a string option, or given to a flag, named with the option and command. */
function checkValues(
  command: CommandSpec,
  table: OptionTable,
  tokens: readonly OptionToken[],
): void {
  const see = `see "dirbench ${command.name} --help"`;
  for (const t of tokens) {
    const spec = table[t.name];
    if (spec?.type === 'boolean' && t.value !== undefined)
      throw bad(`${command.name}: ${t.rawName} takes no value (got "${t.value}"); ${see}`);
    if (spec?.type !== 'string') continue;
    const wanted = `${t.rawName} needs a value (${spec.value ?? 'VALUE'})`;
    if (t.value === undefined) throw bad(`${command.name}: ${wanted}; ${see}`);
    // parseArgs takes the next word even when it is an option; a value that starts with a dash is written --name=VALUE.
    if (t.inlineValue === false && t.value.startsWith('-'))
      throw bad(
        `${command.name}: ${wanted}, got "${t.value}" (a value starting with a dash is written ${t.rawName}=VALUE); ${see}`,
      );
  }
}

/** The command `words` name (with the words it used), or the help / error when they name none. */
function resolve(
  entries: readonly CliEntry[],
  words: readonly string[],
  helpWanted: boolean,
): { command: CommandSpec; used: number } | { help: string } {
  const [first, second] = words;
  const entry = entries.find((e) => e.name === first);
  if (entry === undefined) {
    throw bad(
      `unknown command "${first ?? ''}": use ${listing(
        entries.map((e) => e.name),
        'or',
      )}; see "dirbench --help"`,
    );
  }
  if (!isFamily(entry)) return { command: entry, used: 1 };
  const subs = entry.subcommands.map((c) => c.name.slice(entry.name.length + 1));
  if (second === undefined) {
    if (helpWanted) return { help: familyHelp(entry) };
    const fallback = entry.subcommands.find(
      (c) => c.name === `${entry.name} ${entry.defaultSub ?? ''}`,
    );
    if (fallback !== undefined) return { command: fallback, used: 1 };
    throw bad(
      `${entry.name} needs a command: use ${entry.name} ${subs.join('|')}; see "dirbench ${entry.name} --help"`,
    );
  }
  const command = entry.subcommands.find((c) => c.name === `${entry.name} ${second}`);
  if (command === undefined) {
    throw bad(
      `unknown ${entry.name} command "${second}": use ${entry.name} ${subs.join('|')}; see "dirbench ${entry.name} --help"`,
    );
  }
  return { command, used: 2 };
}

/** Refuses positionals beyond what the command declares (`lab list extra`). */
function checkArgCount(command: CommandSpec, args: readonly string[]): void {
  const variadic = command.args.some((a) => a.endsWith('...'));
  if (variadic || args.length <= command.args.length) return;
  const extra = args.slice(command.args.length);
  const takes =
    command.args.length === 0 ? 'takes no arguments' : `takes ${command.args.join(' ')}`;
  throw bad(
    `${command.name} ${takes}; got also ${extra.map((a) => `"${a}"`).join(' ')}; see "dirbench ${command.name} --help"`,
  );
}

/** The command's options from parseArgs in strict mode (its checks come after ours, so they rarely speak). */
function strictOptions(command: CommandSpec, table: OptionTable, args: string[]): RawOptions {
  try {
    const { values } = parseArgs({
      args,
      options: parseArgsConfig(table),
      allowPositionals: true,
      strict: true,
    });
    return values as RawOptions;
  } catch (err) {
    throw bad(`${command.name}: ${(err as Error).message}; see "dirbench ${command.name} --help"`);
  }
}

/**
 * Reads `argv` (the words after `dirbench`). The words are split with every command's options known
 * (so `--db FILE` before the command is read right), then the command's own table decides.
 */
export function parseCommandLine(
  argv: readonly string[],
  entries: readonly CliEntry[],
): CommandLine {
  const commands = allCommands(entries);
  const union = unionTable([ROOT_OPTIONS, ...commands.map((c) => optionTable(c))]);
  const args = joinNegativeValues(argv, union);
  const { tokens } = parseArgs({
    args,
    options: parseArgsConfig(union),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const words = tokens.flatMap((t) => (t.kind === 'positional' ? [t.value] : []));
  const optionTokens = tokens.flatMap((t) => (t.kind === 'option' ? [t] : []));
  const helpWanted = optionTokens.some((t) => t.name === 'help');

  if (words[0] === 'help') {
    if (words.length === 1) return { kind: 'help', text: overview(entries), exitCode: 0 };
    const found = resolve(entries, words.slice(1), true);
    if ('help' in found) return { kind: 'help', text: found.help, exitCode: 0 };
    if (words.length > 1 + found.used)
      throw bad(`help takes a command, e.g. "dirbench help ${found.command.name}"`);
    return { kind: 'help', text: commandHelp(found.command), exitCode: 0 };
  }
  if (words.length === 0) {
    const misplaced = helpWanted ? undefined : optionTokens.find((t) => !(t.name in ROOT_OPTIONS));
    if (misplaced !== undefined) {
      throw bad(
        misplaced.name in union
          ? `${misplaced.rawName} goes after a command${takersHint(misplaced.name, commands)}; see "dirbench --help"`
          : `unknown option ${misplaced.rawName}; see "dirbench --help"`,
      );
    }
    if (helpWanted) return { kind: 'help', text: overview(entries), exitCode: 0 };
    if (optionTokens.some((t) => t.name === 'version')) return { kind: 'version' };
    return { kind: 'help', text: overview(entries), exitCode: EXIT_BAD_INPUT };
  }

  const found = resolve(entries, words, helpWanted);
  if ('help' in found) return { kind: 'help', text: found.help, exitCode: 0 };
  const { command, used } = found;
  if (helpWanted) return { kind: 'help', text: commandHelp(command), exitCode: 0 };
  const table = optionTable(command);
  const unknown = optionTokens.find((t) => !(t.name in table));
  if (unknown !== undefined) throw unknownOption(command, unknown, commands);
  checkValues(command, table, optionTokens);
  const options = strictOptions(command, table, args);
  const commandArgs = words.slice(used);
  checkArgCount(command, commandArgs);
  return { kind: 'command', command, args: commandArgs, options };
}
