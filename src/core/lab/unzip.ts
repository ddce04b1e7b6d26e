// A small zip reader in plain Node (stored and deflated entries, Unix modes kept), so unpacking the
// OpenDJ and ApacheDS servers needs no `unzip` program; also reads single entries into memory (nested jars).
import { chmod, mkdir, open, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
// The end record is 22 bytes plus a comment of up to 65,535 bytes.
const EOCD_MAX_SCAN = 22 + 0xffff;

/** One file or directory listed in a zip's central directory. */
export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflated. */
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Unix permission bits and file type when the zip was made on Unix, else null. */
  unixMode: number | null;
  localHeaderOffset: number;
}

/** Random access to the bytes of a zip, from a file or from memory. */
interface ZipSource {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

function bufferSource(data: Buffer): ZipSource {
  return {
    size: data.length,
    read: (position, length) => Promise.resolve(data.subarray(position, position + length)),
  };
}

function fileSource(handle: FileHandle, size: number): ZipSource {
  return {
    size,
    read: async (position, length) => {
      const buffer = Buffer.alloc(length);
      let done = 0;
      while (done < length) {
        const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
        if (bytesRead === 0) throw new Error('the zip file ends early');
        done += bytesRead;
      }
      return buffer;
    },
  };
}

/** Reads the central directory; rejects zip64 and encrypted archives, which OpenDJ never ships. */
async function listEntries(source: ZipSource): Promise<ZipEntry[]> {
  const tailLength = Math.min(source.size, EOCD_MAX_SCAN);
  const tail = await source.read(source.size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory record)');
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    throw new Error('zip64 archives are not supported');
  }
  const cd = await source.read(cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (cd.readUInt32LE(p) !== CENTRAL_SIGNATURE) throw new Error('corrupt zip central directory');
    const madeBy = cd.readUInt16LE(p + 4) >> 8;
    const flags = cd.readUInt16LE(p + 8);
    if ((flags & 1) !== 0) throw new Error('encrypted zip entries are not supported');
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const external = cd.readUInt32LE(p + 38);
    entries.push({
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      method: cd.readUInt16LE(p + 10),
      crc: cd.readUInt32LE(p + 16),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      // 3 = Unix: the high 16 bits of the external attributes are st_mode.
      unixMode: madeBy === 3 ? external >>> 16 : null,
      localHeaderOffset: cd.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The uncompressed bytes of one entry, checked against its size and CRC-32. */
async function entryData(source: ZipSource, entry: ZipEntry): Promise<Buffer> {
  const header = await source.read(entry.localHeaderOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_SIGNATURE)
    throw new Error(`corrupt zip entry ${entry.name}`);
  const dataOffset =
    entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const raw = await source.read(dataOffset, entry.compressedSize);
  let data: Buffer;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) data = await inflateRawAsync(raw);
  else throw new Error(`zip entry ${entry.name} uses unsupported compression ${entry.method}`);
  if (data.length !== entry.size || crc32(data) !== entry.crc) {
    throw new Error(`zip entry ${entry.name} is damaged (size or CRC mismatch)`);
  }
  return data;
}

/** Where an entry goes under `destDir`; throws for names that would escape it. */
function safeTarget(destDir: string, name: string): string {
  const relative = normalize(name);
  if (isAbsolute(relative) || relative === '..' || relative.startsWith(`..${sep}`)) {
    throw new Error(`zip entry ${name} points outside the target directory`);
  }
  return join(destDir, relative);
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

/** Unpacks every entry of `zipPath` under `destDir` (created if needed), keeping Unix permissions. */
export async function extractZip(
  zipPath: string,
  destDir: string,
  signal?: AbortSignal,
): Promise<{ files: number; bytes: number }> {
  const handle = await open(zipPath, 'r');
  try {
    const source = fileSource(handle, (await handle.stat()).size);
    const entries = await listEntries(source);
    await mkdir(destDir, { recursive: true });
    let files = 0;
    let bytes = 0;
    for (const entry of entries) {
      signal?.throwIfAborted();
      const target = safeTarget(destDir, entry.name);
      const type = entry.unixMode === null ? 0 : entry.unixMode & S_IFMT;
      if (entry.name.endsWith('/') || type === S_IFDIR) {
        await mkdir(target, { recursive: true });
        continue;
      }
      if (type !== 0 && type !== S_IFREG) {
        throw new Error(`zip entry ${entry.name} is not a regular file (links are not supported)`);
      }
      const data = await entryData(source, entry);
      await mkdir(join(target, '..'), { recursive: true });
      const mode = entry.unixMode === null ? 0o644 : entry.unixMode & 0o777;
      await writeFile(target, data, { mode });
      // writeFile's mode is filtered by the umask; scripts must stay executable.
      if ((mode & 0o111) !== 0) await chmod(target, mode);
      files++;
      bytes += data.length;
    }
    return { files, bytes };
  } finally {
    await handle.close();
  }
}

/** One entry of a zip held in memory (e.g. a jar read out of another zip); null when absent. */
export async function readZipEntry(zip: Buffer | string, name: string): Promise<Buffer | null> {
  if (Buffer.isBuffer(zip)) {
    const source = bufferSource(zip);
    const entry = (await listEntries(source)).find((e) => e.name === name);
    return entry === undefined ? null : entryData(source, entry);
  }
  const handle = await open(zip, 'r');
  try {
    const source = fileSource(handle, (await handle.stat()).size);
    const entry = (await listEntries(source)).find((e) => e.name === name);
    return entry === undefined ? null : await entryData(source, entry);
  } finally {
    await handle.close();
  }
}
