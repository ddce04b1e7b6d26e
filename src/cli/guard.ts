// The CLI's top-level guard: every error that ends a command becomes one line on stderr and an exit
// code. An error no check expected (thrown by a command, or uncaught anywhere in the process) names
// what the command was doing and points at --debug, exits 1, and the run in progress is stored as
// failed with that reason.
import type { Core } from '../core/app/core.ts';
import { unexpectedMessage, unexpectedReason, withStackOrHint } from '../core/ldap/unexpected.ts';
import { databaseFailure, isDatabaseFailure } from '../core/store/databaseErrors.ts';
import { ApiError } from '../shared/errors.ts';
import type { ApiErrorSubject } from '../shared/errors.ts';
import { optionForField } from './argvFixes.ts';
import { EXIT_BAD_INPUT, EXIT_FAILED } from './commandSpec.ts';

/** Longest wait for open cores to store their run as failed before the process exits anyway. */
const FAIL_WAIT_MS = 10_000;
/** After the run is stored as failed, how long the command may go on printing before the exit. */
const EXIT_GRACE_MS = 1_000;

/** What a database failure found by the guard was found doing. */
const DATABASE_DOING = 'running the command';

/** Where the CLI lists each kind of stored thing, for an id that names none. */
const LIST_COMMANDS: Readonly<Record<ApiErrorSubject, string>> = {
  run: 'dirbench runs list',
  target: 'dirbench targets list',
  matrix: 'dirbench matrix list',
  campaign: 'dirbench matrix list',
  workload: 'dirbench workloads list',
};

/** The cores this process has open (a command opens one; calibrate's is a scratch one). */
const openCores = new Set<Core>();

/** What the command in progress does ("run salford/S.1 on ldap://..."), for errors no command caught. */
let processActivity = 'dirbench';

/** Names what this process is doing, for an error that escapes every command (see installProcessGuard). */
export function noteActivity(activity: string): void {
  processActivity = activity;
}

/** Lets the guard fail `core`'s run on an error; the returned function forgets it. */
export function guardCore(core: Core): () => void {
  openCores.add(core);
  return () => openCores.delete(core);
}

/** How an error ends a command: its line on stderr (newline included) and the exit code. */
export function failureReport(err: unknown, activity: string): { line: string; exitCode: number } {
  if (err instanceof ApiError) {
    // Most messages already start with the field they are about.
    const prefix =
      err.field && !err.message.startsWith(err.field) ? `${optionForField(err.field)}: ` : '';
    const hint = err.subject === undefined ? '' : `; see "${LIST_COMMANDS[err.subject]}"`;
    // An id the user typed that names nothing (--target ID) is bad input too.
    const badInput = err.kind === 'validation' || (err.kind === 'not-found' && !!err.field);
    return {
      line: `dirbench: ${prefix}${err.message}${hint}\n`,
      exitCode: badInput ? EXIT_BAD_INPUT : EXIT_FAILED,
    };
  }
  // A database that fails after it opened (disk full, locked too long) is a situation, not a bug.
  if (isDatabaseFailure(err)) {
    return {
      line: `dirbench: ${databaseFailure(err, DATABASE_DOING).message}\n`,
      exitCode: EXIT_FAILED,
    };
  }
  const line = withStackOrHint(`dirbench: ${activity}: ${unexpectedMessage(err)}`, err);
  return { line: `${line}\n`, exitCode: EXIT_FAILED };
}

/** The reason a run cut off by `err` is stored with. */
export function failureReason(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (isDatabaseFailure(err)) return databaseFailure(err, DATABASE_DOING).message;
  return unexpectedReason(err);
}

/** Ends `core`'s run (or campaign cell) as failed with `err` as its reason, and shuts the core down. */
export function failCore(core: Core, err: unknown): Promise<void> {
  openCores.delete(core);
  return core.shutdown(failureReason(err), 'failed');
}

/** True once the process guard has reported an error: the process exits 1 whatever the command returns. */
let crashed = false;

/** True once the process guard has reported an error (its line is the failure's one line). */
export function guardReported(): boolean {
  return crashed;
}

/** The process's exit code for a command that returned `code`: 1 after an error the process guard caught. */
export function exitCodeAfter(code: number): number {
  return crashed ? EXIT_FAILED : code;
}

/**
 * Makes an uncaught exception or unhandled rejection anywhere in the process end it the guarded
 * way: one line, every open core's run stored as failed, exit 1. The command gets EXIT_GRACE_MS
 * after that to finish what it prints, and everything FAIL_WAIT_MS at most.
 */
export function installProcessGuard(): void {
  const onUnexpected = (err: unknown): void => {
    // A second error while the first is handled (a core failing to close, say) changes nothing.
    if (crashed) return;
    crashed = true;
    process.exitCode = EXIT_FAILED;
    process.stderr.write(failureReport(err, processActivity).line);
    // Unref'd: a process with nothing left to do ends at once, with the exit code set above.
    setTimeout(() => process.exit(EXIT_FAILED), FAIL_WAIT_MS).unref();
    void Promise.allSettled([...openCores].map((core) => failCore(core, err))).then(() =>
      setTimeout(() => process.exit(EXIT_FAILED), EXIT_GRACE_MS).unref(),
    );
  };
  process.on('uncaughtException', onUnexpected);
  process.on('unhandledRejection', onUnexpected);
}
