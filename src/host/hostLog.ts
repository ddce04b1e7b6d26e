// The browser host's log of refused requests and unexpected errors, bounded so a flood cannot fill it.
import { DEBUG_HINT, stackFrames } from '../core/ldap/unexpected.ts';

/** Distinct kinds tracked one by one; beyond this they are counted together (error messages can be endless). */
const MAX_TRACKED_KINDS = 100;
/** Longest request detail (method and path) quoted in a line. */
const MAX_DETAIL_CHARS = 160;
/** What kinds past MAX_TRACKED_KINDS are counted under. */
const OTHER_KINDS = 'other kinds';

/**
 * Writes the 1st, 10th, 100th, 1000th... occurrence of each kind of refusal or failure as one line,
 * so the first case of each is always seen, later ones are counted, and a flood costs a few lines.
 * An unexpected error's first occurrence carries its stack with `debug` (`--debug`), else a hint on
 * how to see it.
 */
export class HostLog {
  readonly #write: (line: string) => void;
  readonly #debug: boolean;
  readonly #counts = new Map<string, number>();

  constructor(write: (line: string) => void, debug = false) {
    this.#write = write;
    this.#debug = debug;
  }

  /** A request turned away with a 4xx, or a WebSocket frame answered by a close; `answer` says which. */
  refused(kind: string, answer: number | string, detail: string): void {
    const { count, name } = this.#count(`refused ${kind}`);
    if (!isPowerOfTen(count)) return;
    const what = `${kind} (${answer}): ${quoted(detail)}`;
    this.#write(
      count === 1
        ? `dirbench serve: refused ${what} (logged once; repeats are counted)`
        : `dirbench serve: ${name} ${count} times so far, latest ${what}`,
    );
  }

  /** An exception no check expected (answered 500, or its socket closed); `where` names the handler. */
  unexpected(where: string, err: unknown): void {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    const { count, name } = this.#count(`unexpected error in ${where}: ${quoted(message, 100)}`);
    if (!isPowerOfTen(count)) return;
    if (count === 1) {
      // Only the frames of the stack: its first lines repeat the message, which may quote client input.
      const line = `dirbench serve: unexpected error in ${where}: ${quoted(message)}`;
      this.#write(this.#debug ? `${line}${stackFrames(err)}` : `${line} (${DEBUG_HINT})`);
    } else {
      this.#write(`dirbench serve: ${name} ${count} times so far`);
    }
  }

  /** One line counting everything refused or failed since the start, or null when nothing was. */
  summary(): string | null {
    if (this.#counts.size === 0) return null;
    const parts = [...this.#counts].map(([name, count]) => `${name} x${count}`);
    return `dirbench serve: while serving: ${parts.join('; ')}`;
  }

  #count(key: string): { count: number; name: string } {
    const tracked = this.#counts.has(key) || this.#counts.size < MAX_TRACKED_KINDS;
    const name = tracked ? key : OTHER_KINDS;
    const count = (this.#counts.get(name) ?? 0) + 1;
    this.#counts.set(name, count);
    return { count, name };
  }
}

/** True for 1, 10, 100, 1000... */
export function isPowerOfTen(n: number): boolean {
  let rest = n;
  while (rest >= 10 && rest % 10 === 0) rest /= 10;
  return rest === 1;
}

/** The detail as a JSON string, so control characters and newlines from a client cannot forge log lines. */
function quoted(detail: string, maxChars = MAX_DETAIL_CHARS): string {
  return JSON.stringify(detail.length > maxChars ? `${detail.slice(0, maxChars)}...` : detail);
}
