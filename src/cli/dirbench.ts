// The `dirbench` command line: reads the command and its options, runs it, maps errors to exit codes
// (EXIT_CODES in commandSpec.ts) through the guard. The process entry is main.ts; this module runs
// nothing on import.
import { wantDebug } from '../core/ldap/unexpected.ts';
import { dirbenchVersion } from '../core/base/version.ts';
import { parseCommandLine } from './commandLine.ts';
import { activityOf } from './commandSpec.ts';
import { COMMANDS } from './commands/index.ts';
import { failureReport, noteActivity } from './guard.ts';

/** What the command line does; `doing` hears what the command is doing once it is known. */
async function dispatch(argv: string[], doing: (activity: string) => void): Promise<number> {
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
  if (line.options.debug === true) wantDebug();
  doing(activityOf(line.command, line.args, line.options));
  return line.command.run(line.args, line.options);
}

/** Runs the CLI and returns the process exit code; whatever a command throws becomes one line on stderr. */
export async function main(argv: string[]): Promise<number> {
  let activity = argv[0] ?? 'dirbench';
  try {
    return await dispatch(argv, (doing) => {
      activity = doing;
      noteActivity(doing);
    });
  } catch (err) {
    const failure = failureReport(err, activity);
    process.stderr.write(failure.line);
    return failure.exitCode;
  }
}
