// How every host words an error no check expected: one line (an LDAP failure in failure.ts's words,
// anything else as its name and message); the stack trace only when debugging was asked for.
import { MessageParserError, ResultCodeError } from 'ldapts';
import { LdapConnectError } from './connection.ts';
import { describeLdapFailure } from './failure.ts';

/** The variable `--debug` sets (child processes inherit it): unexpected errors print their stack. */
export const DEBUG_ENV = 'DIRBENCH_DEBUG';

/** What an unexpected error's line ends with when its stack is not printed. */
export const DEBUG_HINT = '--debug prints the stack trace';

/** True when stack traces are wanted: `--debug`, or DIRBENCH_DEBUG=1 in the environment. */
export function debugWanted(): boolean {
  return process.env[DEBUG_ENV] === '1';
}

/** Asks for stack traces in this process and the processes it starts (workers, labs). */
export function wantDebug(): void {
  process.env[DEBUG_ENV] = '1';
}

/** An unexpected error in one line: an LDAP failure as DirBench words it, else its name and message. */
export function unexpectedMessage(err: unknown): string {
  if (
    err instanceof ResultCodeError ||
    err instanceof LdapConnectError ||
    err instanceof MessageParserError
  ) {
    return describeLdapFailure(err).message;
  }
  if (!(err instanceof Error)) return oneLine(String(err));
  const named = err.name === 'Error' || err.message.startsWith(err.name);
  return oneLine(named ? err.message : `${err.name}: ${err.message}`);
}

/** The reason a run stored as failed by its host's guard gives. */
export function unexpectedReason(err: unknown): string {
  return `internal error: ${unexpectedMessage(err)}`;
}

/** The stack frames of `err` on their own lines, each after a newline ('' when it has none). */
export function stackFrames(err: unknown): string {
  if (!(err instanceof Error)) return '';
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length === 0 ? '' : `\n${frames.join('\n')}`;
}

/** `line` with the stack of `err` under it when debugging, else with the hint on how to see it. */
export function withStackOrHint(line: string, err: unknown): string {
  return debugWanted() ? `${line}${stackFrames(err)}` : `${line} (${DEBUG_HINT})`;
}

/** Newlines and runs of spaces folded: a message spread over lines stays one line of a log. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim() || 'no message';
}
