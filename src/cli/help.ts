// Help texts, all derived from the command declarations: a command's usage, options and examples,
// a family's sub-commands, and the overview of `dirbench --help`.
import { sep } from 'node:path';
import { resourcePath } from '../core/base/resources.ts';
import { allCommands, EXIT_CODES } from './commandSpec.ts';
import type {
  CliEntry,
  CommandFamily,
  CommandSpec,
  OptionGroup,
  OptionSpec,
  OptionTable,
} from './commandSpec.ts';
import { jsonOption, ROOT_OPTIONS } from './commonOptions.ts';

/** DirBench's docs folder: the guide by task (README.md) and the command reference (cli.md). */
export const DOCS_DIR = `${resourcePath('docs')}${sep}`;

/** The options every command takes, as the overview and docs/cli.md list them. */
export const COMMON_HELP_OPTIONS: OptionTable = {
  ...ROOT_OPTIONS,
  json: jsonOption('on the commands that print a result'),
};

/** Help is wrapped to this many columns. */
const WIDTH = 100;
/** Column where option descriptions start. */
const DESCRIPTION_COLUMN = 27;

/** "Exit codes: 0 ok, 1 failed or stopped, ...", wrapped to the help's width between codes. */
export function exitCodesLine(): string {
  const head = 'Exit codes:';
  const lines: string[] = [];
  let line = head;
  EXIT_CODES.forEach((e, i) => {
    const item = `${e.code} ${e.meaning}${i === EXIT_CODES.length - 1 ? '.' : ','}`;
    if (line !== head && line.length + 1 + item.length > WIDTH) {
      lines.push(line);
      line = ' '.repeat(head.length);
    }
    line = `${line} ${item}`;
  });
  return [...lines, line].join('\n');
}

/** Wraps `text` at word boundaries; lines after the first start with `indent` spaces. */
function wrap(text: string, firstWidth: number, indent: number): string[] {
  const lines: string[] = [];
  let line = '';
  let width = firstWidth;
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
      width = WIDTH - indent;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : `${' '.repeat(indent)}${l}`));
}

/** The words of a shell command line, quotes kept (`'(cn=a b)'` is one word). */
export function shellWords(line: string): string[] {
  return line.match(/(?:'[^']*'|"[^"]*"|[^\s'"])+/g) ?? [];
}

/** Words with each option kept beside its value (`--entries 10000`), so lines break between options. */
function optionUnits(words: readonly string[]): string[] {
  const units: string[] = [];
  for (const word of words) {
    const last = units[units.length - 1];
    const afterOption = last !== undefined && last.startsWith('-') && !last.includes(' ');
    if (afterOption && !word.startsWith('-')) units[units.length - 1] = `${last} ${word}`;
    else units.push(word);
  }
  return units;
}

/** An example's command line, continued with ` \` onto more lines when it is long; never inside quotes. */
function exampleLines(line: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of optionUnits(shellWords(line))) {
    if (current !== '' && current.length + 1 + word.length > WIDTH - 6) {
      lines.push(`${current} \\`);
      current = `    ${word}`;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  lines.push(current);
  return lines.map((l) => `  ${l}`);
}

/** `-g, --generator GEN`: an option as help and docs/cli.md name it. */
export function optionName(name: string, spec: OptionSpec): string {
  const short = spec.short === undefined ? '' : `-${spec.short}, `;
  return `${short}--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`;
}

/** An option's description with its default and whether it repeats, as help and docs/cli.md show it. */
export function optionDescription(spec: OptionSpec): string {
  const suffixes = [
    spec.default === undefined ? '' : ` (default ${spec.default})`,
    spec.multiple === true ? ' (repeatable)' : '',
  ];
  return `${spec.description}${suffixes.join('')}`;
}

/** The help lines of one option: name, description, default, repeatable. */
function optionLines(name: string, spec: OptionSpec): string[] {
  const description = optionDescription(spec);
  const head = `  ${optionName(name, spec)}`;
  if (head.length >= DESCRIPTION_COLUMN - 1) {
    return [
      head,
      ...wrap(description, WIDTH - DESCRIPTION_COLUMN, DESCRIPTION_COLUMN).map((l, i) =>
        i === 0 ? `${' '.repeat(DESCRIPTION_COLUMN)}${l}` : l,
      ),
    ];
  }
  const [first = '', ...rest] = wrap(description, WIDTH - DESCRIPTION_COLUMN, DESCRIPTION_COLUMN);
  return [`${head.padEnd(DESCRIPTION_COLUMN)}${first}`, ...rest];
}

function tableLines(table: OptionTable): string[] {
  return Object.entries(table).flatMap(([name, spec]) => optionLines(name, spec));
}

function groupLines(group: OptionGroup): string[] {
  return [
    `${group.title}:`,
    ...tableLines(group.options),
    ...(group.notes ?? []).map((n) => `  ${n}`),
    '',
  ];
}

/** The full help of one command: usage, about, options by group, examples, exit codes. */
export function commandHelp(command: CommandSpec): string {
  const lines = [
    `dirbench ${command.name} - ${command.summary}`,
    '',
    'Usage:',
    ...command.usage.map((u) => `  ${u}`),
    '',
    ...(command.about === undefined ? [] : [...command.about, '']),
    ...command.groups.flatMap(groupLines),
    'Examples:',
    ...command.examples.flatMap((e) => [`  # ${e.what}`, ...exampleLines(e.line)]),
    '',
    exitCodesLine(),
  ];
  return `${lines.join('\n')}\n`;
}

/** Name column of the command lists. */
function commandList(commands: readonly CommandSpec[], prefix: string): string[] {
  const width = Math.max(...commands.map((c) => c.name.length - prefix.length)) + 4;
  return commands.map((c) =>
    `  ${c.name.slice(prefix.length).padEnd(width)}${c.summary}`.trimEnd(),
  );
}

/** `dirbench lab --help`: the family's sub-commands, one line each, and how to get more. */
export function familyHelp(family: CommandFamily): string {
  const lines = [
    `dirbench ${family.name} - ${family.summary}`,
    '',
    'Usage:',
    ...family.subcommands.flatMap((c) => c.usage.map((u) => `  ${u}`)),
    '',
    'Commands:',
    ...commandList(family.subcommands, `${family.name} `),
    '',
    `Run "dirbench ${family.name} COMMAND --help" for a command's options and examples.`,
    exitCodesLine(),
  ];
  return `${lines.join('\n')}\n`;
}

/** `dirbench --help`: every command in one line, the common options, the exit codes. */
export function overview(entries: readonly CliEntry[]): string {
  const commands = allCommands(entries);
  const lines = [
    'dirbench - benchmark LDAP directory servers',
    '',
    'Usage: dirbench COMMAND [ARGUMENTS] [OPTIONS]',
    '',
    'Commands:',
    ...commandList(commands, ''),
    '',
    'Common options:',
    ...tableLines(COMMON_HELP_OPTIONS),
    '',
    `Run "dirbench COMMAND --help" for a command's usage, options and examples (e.g. dirbench run --help).`,
    `Docs: ${DOCS_DIR}README.md (the guide, by task)`,
    `      ${DOCS_DIR}cli.md (every command, its options and examples)`,
    exitCodesLine(),
  ];
  return `${lines.join('\n')}\n`;
}
