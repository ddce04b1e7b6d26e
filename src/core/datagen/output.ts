// Buffered file output for the generators: text goes into large buffers that are written while the next fills.
import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

/** About 1 MB per write: large enough that syscalls are cheap, small enough that memory stays flat. */
export const CHUNK_BYTES = 1 << 20;
// Room past a chunk's end, so the batch that crosses it never needs a bigger buffer.
const SLACK_BYTES = 64 * 1024;
// Entries are joined into strings of about this size before being copied into the buffer: one copy of a
// 32 KB rope costs far less than a hundred copies of small ones (each flattens its rope first).
const BATCH_CHARS = 32 * 1024;

/**
 * A file written in chunks through two alternating buffers: one is on its way to the disk while
 * the other fills.
 */
export class ChunkedWriter {
  /** Bytes handed to the file so far (flushed or in flight). */
  bytes = 0;
  private buffer: Buffer;
  private spare: Buffer;
  private pos = 0;
  private pending = '';
  private inFlight: Promise<void> | null = null;

  private readonly file: FileHandle;
  /** Where the bytes go. */
  readonly path: string;
  /** Latin-1 for LDIF (always ASCII: anything else is base64), UTF-8 for side files (DNs may hold any character). */
  readonly encoding: 'latin1' | 'utf8';

  private constructor(file: FileHandle, path: string, encoding: 'latin1' | 'utf8') {
    this.file = file;
    this.path = path;
    this.encoding = encoding;
    this.buffer = Buffer.allocUnsafe(CHUNK_BYTES + SLACK_BYTES);
    this.spare = Buffer.allocUnsafe(CHUNK_BYTES + SLACK_BYTES);
  }

  /** Creates (or truncates) `path` for writing. */
  static async create(
    path: string,
    encoding: 'latin1' | 'utf8' = 'latin1',
  ): Promise<ChunkedWriter> {
    return new ChunkedWriter(await open(path, 'w'), path, encoding);
  }

  /** Appends text (in the writer's encoding); check `full` now and then, and `flush` when it is. */
  write(text: string): void {
    this.pending += text;
    if (this.pending.length >= BATCH_CHARS) this.drain();
  }

  /**
   * Direct access for producers that write bytes themselves: returns the buffer with at least `room`
   * bytes free from `position`; write there, then `advance` to the new end.
   */
  region(room: number): Buffer {
    this.drain();
    if (this.pos + room > this.buffer.length) this.grow(this.pos + room);
    return this.buffer;
  }

  /** Where the next byte goes in the buffer `region` returned. */
  get position(): number {
    return this.pos;
  }

  /** Marks the bytes written through `region` up to `end` as written. */
  advance(end: number): void {
    this.pos = end;
  }

  /** True once the current chunk is large enough to be written. */
  get full(): boolean {
    return this.pos + this.pending.length >= CHUNK_BYTES;
  }

  /** Copies the batched text into the buffer. */
  private drain(): void {
    const text = this.pending;
    if (text === '') return;
    this.pending = '';
    const end = this.pos + text.length * (this.encoding === 'utf8' ? 3 : 1);
    if (end > this.buffer.length) this.grow(end);
    this.pos += this.buffer.write(text, this.pos, this.encoding);
  }

  /** Hands the current chunk to the disk after the previous write finished (the backpressure). */
  async flush(): Promise<void> {
    this.drain();
    if (this.inFlight !== null) {
      const previous = this.inFlight;
      this.inFlight = null;
      await previous;
    }
    if (this.pos === 0) return;
    const data = this.buffer;
    const length = this.pos;
    this.inFlight = writeAll(this.file, data, length);
    this.bytes += length;
    // The buffer being written must not be touched until its write ends: fill the other one.
    this.buffer = this.spare;
    this.spare = data;
    this.pos = 0;
  }

  /** Writes what is left and closes the file. */
  async close(): Promise<void> {
    await this.flush();
    await this.flush();
    await this.file.close();
  }

  /** Closes the file and deletes it, ignoring errors: for failed or cancelled runs. */
  async discard(): Promise<void> {
    await this.inFlight?.catch(() => undefined);
    this.inFlight = null;
    await this.file.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }

  /** An entry larger than the slack: keep what is buffered and continue in a buffer big enough. */
  private grow(needed: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(bigger, 0, 0, this.pos);
    this.buffer = bigger;
  }
}

async function writeAll(file: FileHandle, data: Buffer, length: number): Promise<void> {
  let offset = 0;
  while (offset < length) {
    const { bytesWritten } = await file.write(data, offset, length - offset);
    offset += bytesWritten;
  }
}

/** A private name beside `finalPath` for a file still being written; renamed when complete. */
export function partialPath(finalPath: string): string {
  return `${finalPath}.${process.pid}.${randomBytes(3).toString('hex')}.partial`;
}
