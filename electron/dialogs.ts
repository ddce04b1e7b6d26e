// Checks for what the renderer sends to the native dialogs: it is the less trusted side, so names,
// sizes and texts are bounded before a dialog or the disk sees them.
import { basename } from 'node:path';

/** The largest file the renderer may ask to save (a report with embedded charts is a few MB). */
export const MAX_SAVE_BYTES = 256 * 1024 * 1024;

/** The longest error text shown in a native box. */
const MAX_ERROR_CHARS = 2000;

/** A save request that passed the checks. */
export interface SaveRequest {
  fileName: string;
  bytes: Uint8Array;
}

// Characters no file system accepts in a name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[<>:"/\\|?*\u0000-\u001f]/g;

/**
 * The proposed file name as a bare name (no folders: the dialog decides where) and the bytes, or
 * an error naming what was wrong.
 */
export function checkSaveRequest(
  fileName: unknown,
  bytes: unknown,
): { ok: true; request: SaveRequest } | { ok: false; error: string } {
  if (typeof fileName !== 'string') return { ok: false, error: 'the file name must be text' };
  if (!(bytes instanceof Uint8Array)) return { ok: false, error: 'the file content must be bytes' };
  if (bytes.byteLength > MAX_SAVE_BYTES) {
    return { ok: false, error: `the file is larger than ${MAX_SAVE_BYTES / 1024 / 1024} MiB` };
  }
  const bare = basename(fileName.replaceAll('\\', '/'))
    .replace(UNSAFE_NAME, '_')
    .replace(/^\.+/, '')
    .slice(0, 200);
  return { ok: true, request: { fileName: bare || 'dirbench-export', bytes } };
}

/** A title and message for a native error box: text, bounded, never empty. */
export function errorBoxText(title: unknown, message: unknown): { title: string; message: string } {
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.trim() !== '' ? value.slice(0, MAX_ERROR_CHARS) : fallback;
  return {
    title: text(title, 'DirBench').slice(0, 120),
    message: text(message, 'Something went wrong.'),
  };
}
