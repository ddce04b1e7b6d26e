// docs/cli.md, the command-line reference, written from the command declarations (usage, options,
// notes and examples) by `npm run docs`: the same facts `dirbench COMMAND --help` prints.
import { allCommands, isFamily } from '../commandSpec.ts';
import type { CliEntry, CommandSpec, OptionGroup, OptionTable } from '../commandSpec.ts';
import { COMMON_OPTIONS } from '../commonOptions.ts';
import { COMMON_HELP_OPTIONS, optionDescription, optionName } from '../help.ts';

/** The anchor GitHub gives a heading of plain words (`dirbench lab start` -> `dirbench-lab-start`). */
function anchor(heading: string): string {
  return heading.toLowerCase().replace(/ /g, '-');
}

/** A summary fragment ("one benchmark against ...") as a sentence. */
function sentence(summary: string): string {
  return `${summary.charAt(0).toUpperCase()}${summary.slice(1)}.`;
}

/** Text lines wrapped for a terminal, joined into one Markdown paragraph. */
function paragraph(lines: readonly string[]): string {
  return lines.map((l) => l.trim()).join(' ');
}

/** A fenced block of syntax (usage, notes): shown as written, never run by the docs test. */
function textBlock(lines: readonly string[]): string[] {
  return ['```text', ...lines, '```'];
}

/** Prose from help text: `<` escaped, so `<data-dir>` is not read as an HTML tag. */
function prose(text: string): string {
  return text.replace(/</g, '\\<');
}

/** One bullet per option: its name and value, then what it does. */
function optionList(table: OptionTable): string[] {
  return Object.entries(table).map(
    ([name, spec]) => `- \`${optionName(name, spec)}\`: ${prose(optionDescription(spec))}`,
  );
}

/** A group's options but the common ones, which the page lists once at its top. */
function ownOptions(group: OptionGroup): OptionTable {
  const common: Readonly<Record<string, unknown>> = COMMON_OPTIONS;
  return Object.fromEntries(
    Object.entries(group.options).filter(([name, spec]) => common[name] !== spec),
  );
}

function groupLines(group: OptionGroup): string[] {
  const options = ownOptions(group);
  if (Object.keys(options).length === 0 && group.notes === undefined) return [];
  const notes = group.notes === undefined ? [] : ['', ...textBlock(group.notes)];
  return [`**${group.title}**`, '', ...optionList(options), ...notes, ''];
}

function exampleLines(command: CommandSpec): string[] {
  const lines = command.examples.flatMap((e) => [`# ${e.what}`, e.line]);
  return ['**Examples**', '', '```sh', ...lines, '```', ''];
}

/** A command's section: summary, usage, about, its options by group, examples. */
function commandSection(command: CommandSpec, level: string): string[] {
  return [
    `${level} dirbench ${command.name}`,
    '',
    sentence(command.summary),
    '',
    ...textBlock(command.usage),
    '',
    ...(command.about === undefined ? [] : [prose(paragraph(command.about)), '']),
    ...command.groups.flatMap(groupLines),
    ...exampleLines(command),
  ];
}

/** A family's section (`dirbench lab`) and its sub-commands' sections under it. */
function entrySection(entry: CliEntry): string[] {
  if (!isFamily(entry)) return commandSection(entry, '##');
  const fallback =
    entry.defaultSub === undefined
      ? []
      : [
          `\`dirbench ${entry.name}\` alone runs \`dirbench ${entry.name} ${entry.defaultSub}\`.`,
          '',
        ];
  return [
    `## dirbench ${entry.name}`,
    '',
    sentence(entry.summary),
    '',
    ...fallback,
    ...entry.subcommands.flatMap((command) => commandSection(command, '###')),
  ];
}

/** The list of every command, each linked to its section. */
function contents(entries: readonly CliEntry[]): string[] {
  return allCommands(entries).map((command) => {
    const heading = `dirbench ${command.name}`;
    return `- [\`${heading}\`](#${anchor(heading)}): ${command.summary}`;
  });
}

/** The whole of docs/cli.md (before Prettier, which `npm run docs` runs over it). */
export function cliReference(entries: readonly CliEntry[]): string {
  const lines = [
    '# Command-line reference',
    '',
    '<!-- Written by "npm run docs" from the command declarations in src/cli/commands/: edit those, not this page. -->',
    '',
    'Every `dirbench` command with its usage, options and examples: what `dirbench run --help` (or',
    'any other command with `--help`) prints. The guide by task is in [the docs index](README.md); the',
    'exit codes are explained in [CI gates and exit codes](ci-gates.md#exit-codes).',
    '',
    ...contents(entries),
    '',
    '## Common options',
    '',
    'Every command takes these (`--json` where the command prints a result); the sections below',
    'list only what each command adds.',
    '',
    ...optionList(COMMON_HELP_OPTIONS),
    '',
    ...entries.flatMap(entrySection),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
