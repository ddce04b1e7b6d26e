// The `dirbench` command line: reads the command and its options, runs it, maps errors to exit codes
// (EXIT_CODES in commandSpec.ts). The process entry is main.ts; this module runs nothing on import.
import { databaseFailure, isDatabaseFailure } from '../core/store/databaseErrors.ts';
import { optionForField } from './argvFixes.ts';
import { ApiError } from '../shared/errors.ts';
import type { ApiErrorSubject } from '../shared/errors.ts';
import { dirbenchVersion } from '../core/runs/environment.ts';
import { parseCommandLine } from './commandLine.ts';
import { EXIT_BAD_INPUT } from './commandSpec.ts';
import { COMMANDS } from './commands/index.ts';

async function dispatch(argv: string[]): Promise<number> {
  const line = parseCommandLine(argv, COMMANDS);
  if (line.kind === 'version') {
    process.stdout.write(`${dirbenchVersion()}\n`);
    return 0;
  }
  if (line.kind === 'help') {
    // Help asked for goes to stdout; the overview after a bare `dirbench` is an error's hint.
    (line.exitCode === 0 ? process.stdout : process.stderr).write(line.text);
    return line.exitCode;
  }
  return line.command.run(line.args, line.options);
}

/** Where the CLI lists each kind of stored thing, for an id that names none. */
const LIST_COMMANDS: Readonly<Record<ApiErrorSubject, string>> = {
  run: 'dirbench runs list',
  target: 'dirbench targets list',
  matrix: 'dirbench matrix list',
  campaign: 'dirbench matrix list',
  workload: 'dirbench workloads list',
};

/** Runs the CLI and returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (err) {
    if (err instanceof ApiError) {
      // Most messages already start with the field they are about.
      const prefix =
        err.field && !err.message.startsWith(err.field) ? `${optionForField(err.field)}: ` : '';
      const hint = err.subject === undefined ? '' : `; see "${LIST_COMMANDS[err.subject]}"`;
      process.stderr.write(`dirbench: ${prefix}${err.message}${hint}\n`);
      // An id the user typed that names nothing (--target ID) is bad input too.
      const badInput = err.kind === 'validation' || (err.kind === 'not-found' && !!err.field);
      return badInput ? EXIT_BAD_INPUT : 1;
    }
    // A database that fails after it opened (disk full, locked too long) is a situation, not a bug.
    if (isDatabaseFailure(err)) {
      process.stderr.write(`dirbench: ${databaseFailure(err, 'running the command').message}\n`);
      return 1;
    }
    process.stderr.write(
      `dirbench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return 1;
  }
}
