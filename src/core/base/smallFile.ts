// Reads a small file a user names (a password, a PEM certificate or key), bounded in size and kind.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Largest password or PEM file DirBench reads: far above any real one, far below harm. */
export const SMALL_FILE_MAX_BYTES = 1024 * 1024;

/**
 * The text of `path`, read up to `maxBytes`. A device (e.g. /dev/zero or /dev/random, which never
 * end) or a socket is refused, and so is anything longer than `maxBytes`; a pipe is read, so a
 * shell's process substitution (`--password-file <(pass show ldap)`) works. Throws an error whose
 * `code` says why: the errno of the open or read, or EDEVICE / EFBIG.
 */
export function readSmallFile(path: string, maxBytes = SMALL_FILE_MAX_BYTES): string {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isCharacterDevice() || stat.isBlockDevice() || stat.isSocket()) {
      throw Object.assign(new Error(`${path} is a device, not a file`), { code: 'EDEVICE' });
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) {
        throw Object.assign(new Error(`${path} is larger than ${maxBytes} bytes`), {
          code: 'EFBIG',
        });
      }
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
