// Line sources for the file tokens: whole files read once, or streamed in chunks for huge ones.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Fail } from './errors.ts';

const CHUNK_BYTES = 64 * 1024;

/** Resolves a token's path: file:///abs URLs lose their "//", relative paths join baseDir. */
export function resolvePath(raw: string, baseDir: string): string {
  const path = raw.startsWith('///') ? raw.slice(2) : raw;
  return isAbsolute(path) ? path : resolve(baseDir, path);
}

/** Why a file cannot be read, as a short phrase. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return error instanceof Error ? error.message : String(error);
}

/** Splits text into lines as Java's BufferedReader.readLine does (\n, \r\n or a lone \r ends a line), with no empty line after a final terminator. */
function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** All lines of a file, read once at parse time; an unreadable or empty file fails at `offset`. */
export function loadLines(raw: string, baseDir: string, fail: Fail, offset: number): string[] {
  const path = resolvePath(raw, baseDir);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return fail(offset, `cannot read ${path}: ${reasonOf(error)}`);
  }
  // LineStream's TextDecoder drops a UTF-8 byte order mark; do the same so both readers agree.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const lines = splitLines(text);
  if (lines.length === 0) fail(offset, `cannot use ${path}: file is empty`);
  return lines;
}

/** Reads a file's lines in order a chunk at a time, wrapping to the start at end of file. */
export class LineStream {
  private readonly path: string;
  private fd = -1;
  private readonly buffer = Buffer.alloc(CHUNK_BYTES);
  private readonly decoder = new TextDecoder('utf-8');
  private pending: string[] = [];
  private pendingIndex = 0;
  private partial = '';
  private linesThisPass = 0;

  /** Opens `raw` now so a missing or empty file fails at parse time. */
  constructor(raw: string, baseDir: string, fail: Fail, offset: number) {
    this.path = resolvePath(raw, baseDir);
    try {
      if (statSync(this.path).isDirectory())
        fail(offset, `cannot read ${this.path}: is a directory`);
      this.fd = openSync(this.path, 'r');
    } catch (error) {
      if (error instanceof Error && error.name === 'PatternError') throw error;
      return fail(offset, `cannot read ${this.path}: ${reasonOf(error)}`);
    }
    if (statSync(this.path).size === 0) {
      closeSync(this.fd);
      fail(offset, `cannot use ${this.path}: file is empty`);
    }
  }

  /** The next line, skipping `skip` lines first (other workers' share). */
  next(skip: number): string {
    for (let i = 0; i < skip; i++) this.nextLine();
    return this.nextLine();
  }

  /** Closes the file descriptor; the stream must not be used afterwards. */
  close(): void {
    closeSync(this.fd);
  }

  private nextLine(): string {
    while (this.pendingIndex >= this.pending.length) this.fill();
    this.linesThisPass++;
    return this.pending[this.pendingIndex++] as string;
  }

  /** Reads one chunk; at end of file flushes the last unterminated line and rewinds. */
  private fill(): void {
    this.pending = [];
    this.pendingIndex = 0;
    const bytes = readSync(this.fd, this.buffer, 0, CHUNK_BYTES, null);
    if (bytes === 0) {
      const last = this.partial + this.decoder.decode();
      this.partial = '';
      if (last !== '') this.pending = splitLines(last);
      // A file truncated to nothing after parsing would otherwise spin here forever.
      if (this.linesThisPass === 0 && this.pending.length === 0) {
        throw new Error(`streamfile ${this.path} has become empty`);
      }
      this.linesThisPass = 0;
      // Reopening rewinds without tracking positions; the file may have been replaced meanwhile.
      closeSync(this.fd);
      this.fd = openSync(this.path, 'r');
      return;
    }
    const text =
      this.partial + this.decoder.decode(this.buffer.subarray(0, bytes), { stream: true });
    // A final \r may be the first half of a \r\n split across chunks: keep it for the next chunk.
    const searchFrom = text.endsWith('\r') ? text.length - 2 : text.length - 1;
    const cut =
      searchFrom < 0
        ? -1
        : Math.max(text.lastIndexOf('\n', searchFrom), text.lastIndexOf('\r', searchFrom));
    if (cut < 0) {
      this.partial = text;
      return;
    }
    this.partial = text.slice(cut + 1);
    this.pending = splitLines(text.slice(0, cut + 1));
  }
}
