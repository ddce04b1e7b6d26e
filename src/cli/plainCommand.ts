// Sub-commands that take only the common options: name, arguments, usage line and option groups follow
// from one synopsis, and a missing argument is refused in one wording.
import { invalid } from '../shared/errors.ts';
import type { CommandSpec, Example } from './commandSpec.ts';
import { commonGroup } from './commonOptions.ts';

/** What a plain sub-command declares besides its synopsis. */
export interface PlainCommand {
  readonly summary: string;
  /** What --json prints; absent when the command has no --json. */
  readonly json?: string;
  readonly examples: readonly Example[];
  readonly run: CommandSpec['run'];
}

/**
 * A sub-command with only the common options (and --json when `json` says what it prints), from its
 * synopsis: the command's words, then its arguments in capitals (`runs tag ID TAG...`).
 */
export function plainCommand(synopsis: string, command: PlainCommand): CommandSpec {
  const words = synopsis.split(' ');
  const firstArg = words.findIndex((word) => /^[A-Z]/.test(word));
  const nameWords = firstArg === -1 ? words : words.slice(0, firstArg);
  return {
    name: nameWords.join(' '),
    summary: command.summary,
    usage: [`dirbench ${synopsis}${command.json === undefined ? '' : ' [--json]'}`],
    args: words.slice(nameWords.length),
    groups: [commonGroup(command.json)],
    examples: command.examples,
    run: command.run,
  };
}

/** The argument `command` needs (e.g. "matrix show", "a matrix or campaign id"), or an error saying what it is. */
export function neededArg(command: string, arg: string | undefined, what: string): string {
  if (arg === undefined) throw invalid('command', `${command} needs ${what}`);
  return arg;
}
