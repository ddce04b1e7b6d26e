// How far a bulk loader has read its LDIF: the file position Linux shows in /proc/PID/fdinfo.
import { readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';

/** Remembers which descriptor of the process holds the file, between polls. */
export interface FdHint {
  fd: string | null;
}

/**
 * Offset process `pid` has reached in the file at canonical `path`; null where /proc is unavailable
 * or the file is not open. The descriptor is re-checked each time: once closed, its number is reused.
 */
export function procFileOffset(pid: number, path: string, hint: FdHint): number | null {
  try {
    if (hint.fd !== null && readlinkSync(`/proc/${pid}/fd/${hint.fd}`) !== path) hint.fd = null;
    if (hint.fd === null) {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === path) {
          hint.fd = fd;
          break;
        }
      }
      if (hint.fd === null) return null;
    }
    const match = /^pos:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/fdinfo/${hint.fd}`, 'utf8'));
    return match === null ? null : Number(match[1]);
  } catch {
    hint.fd = null;
    return null;
  }
}

/**
 * How far a process has read the file at `path` (measured now: its size and canonical path): a
 * function giving the fraction process `pid` has read, null where that cannot be told.
 */
export function fileReadFraction(path: string): (pid: number) => number | null {
  const totalBytes = statSync(path).size;
  // /proc shows the canonical path of open files, so compare against that.
  const realPath = realpathSync(path);
  const hint: FdHint = { fd: null };
  return (pid) => {
    const offset = procFileOffset(pid, realPath, hint);
    return offset === null || totalBytes === 0 ? null : offset / totalBytes;
  };
}
