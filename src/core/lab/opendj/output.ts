// Reading what OpenDJ's programs write: following a log as it grows, and the last lines of it,
// cleaned of OpenDJ's "[date] category=... severity=... msgID=... msg=" prefix, for error messages.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { readFileTail } from '../logTail.ts';

/** "[24/Nov/2026:00:35:23 +0000] category=BACKEND severity=NOTICE msgID=519 msg=" */
const PREFIX = /^\[[^\]]*\]\s+category=\S+\s+severity=(\S+)\s+msgID=\S+\s+msg=/;

/** A log line without OpenDJ's prefix, and its severity when it had one. */
export function cleanLine(line: string): { text: string; severity: string | null } {
  const match = PREFIX.exec(line);
  return match === null
    ? { text: line.trim(), severity: null }
    : { text: line.slice(match[0].length).trim(), severity: match[1] as string };
}

const ACCEPTED_WARNING = /is not a valid ISO 3166 country code/;

/**
 * The last `maxLines` meaningful lines of an OpenDJ log joined with " | ": ERROR and SEVERE lines
 * first (the cause is rarely the very last line), then the last lines; '' when unreadable.
 */
export function openDjLogTail(path: string, maxLines = 4): string {
  const lines = readFileTail(path, 16 * 1024)
    .split('\n')
    .map(cleanLine)
    // Stack frames, and the warning every Salford import logs for its lower-case "c=gb" (accepted,
    // see labSettings.ts), would crowd out the actual cause.
    .filter((l) => l.text !== '' && !/^\s*at /.test(l.text) && !ACCEPTED_WARNING.test(l.text));
  const errors = lines.filter((l) => l.severity === 'ERROR' || l.severity === 'SEVERE_ERROR');
  const picked = new Set([...errors.slice(-2), ...lines.slice(-maxLines)]);
  return [...picked]
    .slice(-maxLines - 2)
    .map((l) => l.text)
    .join(' | ');
}

/** Follows a growing log: `poll()` hands every new complete line to `onLine`. */
export class LogFollower {
  readonly #path: string;
  readonly #onLine: (line: string) => void;
  #offset: number;
  #partial = '';

  /** Starts at the current end of the file (earlier runs' output is not replayed). */
  constructor(path: string, onLine: (line: string) => void) {
    this.#path = path;
    this.#onLine = onLine;
    this.#offset = sizeOf(path);
  }

  /** Reads what was appended since the last call. */
  poll(): void {
    let fd: number;
    try {
      fd = openSync(this.#path, 'r');
    } catch {
      return;
    }
    try {
      const size = fstatSync(fd).size;
      while (this.#offset < size) {
        const buffer = Buffer.alloc(Math.min(size - this.#offset, 1 << 20));
        const read = readSync(fd, buffer, 0, buffer.length, this.#offset);
        if (read === 0) break;
        this.#offset += read;
        const lines = (this.#partial + buffer.toString('utf8', 0, read)).split('\n');
        this.#partial = lines.pop() ?? '';
        for (const line of lines) this.#onLine(line);
      }
    } finally {
      closeSync(fd);
    }
  }

  /** Reads the rest, including a last line without a newline. */
  finish(): void {
    this.poll();
    if (this.#partial !== '') this.#onLine(this.#partial);
    this.#partial = '';
  }
}

function sizeOf(path: string): number {
  try {
    const fd = openSync(path, 'r');
    try {
      return fstatSync(fd).size;
    } finally {
      closeSync(fd);
    }
  } catch {
    return 0;
  }
}
