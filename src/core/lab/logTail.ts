// The last lines of a server log, cleaned up for an error message a person reads.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

// Banner and shutdown lines slapd prints every time; they would crowd out the actual error.
const BOILERPLATE =
  /^@\(#\)|OpenLDAP Maintainers|^connections_destroy|^slapd (starting|stopped|shutdown)|^daemon: shutdown requested/;

/** A file from the offset `startOf(its size)` to its end, as text; '' when it cannot be read. */
function readToEnd(path: string, startOf: (sizeBytes: number) => number): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return '';
  }
  try {
    const sizeBytes = fstatSync(fd).size;
    const start = startOf(sizeBytes);
    const length = Math.max(0, sizeBytes - start);
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, start);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The last `bytes` of a file as text; '' when it cannot be read. */
export function readFileTail(path: string, bytes: number): string {
  return readToEnd(path, (sizeBytes) => Math.max(0, sizeBytes - bytes));
}

/** The bytes a file gained after offset `fromByte`, as text; '' when it cannot be read. */
export function readFileFrom(path: string, fromByte: number): string {
  return readToEnd(path, () => fromByte);
}

/** Last `maxLines` non-empty lines of a log (from its last 8 KiB), joined with " | "; '' if unreadable. */
export function logTail(path: string, maxLines = 4): string {
  return (
    readFileTail(path, 8192)
      .split('\n')
      // slapd prefixes lines with a hex timestamp and thread id; they mean nothing to a reader.
      .map((line) => line.replace(/^[0-9a-f]{8}\.[0-9a-f]{8} 0x[0-9a-f]+ /, '').trim())
      .filter((line) => line !== '' && !BOILERPLATE.test(line))
      .slice(-maxLines)
      .join(' | ')
  );
}
