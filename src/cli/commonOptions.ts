// Options every command takes (data location, help, --debug) and --json, declared once and composed into each command.
import type { OptionGroup, OptionSpec, OptionTable } from './commandSpec.ts';

/** Where the data lives and help: every command takes these. */
export const COMMON_OPTIONS = {
  db: {
    type: 'string',
    value: 'FILE',
    description: 'SQLite file (default: DIRBENCH_DB or <data-dir>/dirbench.sqlite)',
  },
  'data-dir': {
    type: 'string',
    value: 'DIR',
    description: 'data folder (default: ~/.local/share/dirbench or DIRBENCH_DATA_DIR)',
  },
  help: { type: 'boolean', short: 'h', description: "print this command's help" },
  debug: {
    type: 'boolean',
    description: 'on an unexpected error, print its stack trace (also DIRBENCH_DEBUG=1)',
  },
} as const satisfies OptionTable;

/** `--json` with what this command prints, for commands that print a result. */
export function jsonOption(prints: string): OptionSpec {
  return { type: 'boolean', description: `machine-readable output: ${prints}` };
}

/** The "Common options" group of a command: the common options, plus --json when it prints JSON. */
export function commonGroup(jsonPrints?: string): OptionGroup {
  return {
    title: 'Common options',
    options:
      jsonPrints === undefined
        ? COMMON_OPTIONS
        : { json: jsonOption(jsonPrints), ...COMMON_OPTIONS },
  };
}

/** Options of `dirbench` alone (no command). */
export const ROOT_OPTIONS = {
  ...COMMON_OPTIONS,
  version: { type: 'boolean', description: "print DirBench's version" },
} as const satisfies OptionTable;
