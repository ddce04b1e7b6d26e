// The one streaming driver of the built-in shapes: header entries, then persons chunk by chunk, with
// cancellation, progress about every 1%, and the side files flushed as they fill.
import { checkSpec } from './dataset.ts';
import type { DatasetSpec, GenerateOptions, PersonSideFiles } from './dataset.ts';
import { pumpChunks } from './chunkPump.ts';
import { ChunkedWriter } from './output.ts';

/** What a shape writes: its header entries, and its persons from an index until a chunk is full. */
export interface ShapeWriter {
  headerLdif(): string;
  /** Writes persons `from`.. until the LDIF chunk is full or `to` is reached; returns the next index. */
  fill(
    spec: DatasetSpec,
    from: number,
    to: number,
    ldif: ChunkedWriter,
    side: PersonSideFiles,
  ): number;
}

/** Streams a shape's directory into open writers (header, then persons); returns the persons written. */
export async function streamShape(
  shape: ShapeWriter,
  spec: DatasetSpec,
  ldif: ChunkedWriter,
  side: PersonSideFiles,
  opts: GenerateOptions = {},
): Promise<number> {
  checkSpec(spec);
  opts.signal?.throwIfAborted();
  const total = spec.entries;
  ldif.write(shape.headerLdif());
  let index = 0;
  const fill = (): boolean => {
    index = shape.fill(spec, index, total, ldif, side);
    return index < total;
  };
  await pumpChunks(fill, () => index, total, ldif, side, opts);
  return total;
}

/** Streams a shape's whole directory to one file; deterministic: byte-identical for the same spec. */
export type ShapeFileWriter = (
  spec: DatasetSpec,
  outPath: string,
  opts?: GenerateOptions,
) => Promise<{ entries: number; bytes: number }>;

/** The writer of `shape`'s whole directory to one file (no side files). */
export function shapeFileWriter(shape: ShapeWriter): ShapeFileWriter {
  return async (spec, outPath, opts = {}) => {
    checkSpec(spec);
    opts.signal?.throwIfAborted();
    const ldif = await ChunkedWriter.create(outPath);
    try {
      const entries = await streamShape(shape, spec, ldif, {}, opts);
      await ldif.close();
      return { entries, bytes: ldif.bytes };
    } catch (err) {
      await ldif.discard();
      throw err;
    }
  };
}
