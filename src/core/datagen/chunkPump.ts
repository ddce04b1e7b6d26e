// The chunk loop every generator shares: fill a chunk, stop if cancelled, flush the LDIF and any
// full side file, and report progress about every 1%.
import type { GenerateOptions, PersonSideFiles } from './dataset.ts';
import type { ChunkedWriter } from './output.ts';

/**
 * Calls `fill` (which writes until the LDIF chunk is full; false once everything is written) until
 * it is done, flushing between chunks; `written` is the entry count progress reports against `total`.
 */
export async function pumpChunks(
  fill: () => boolean,
  written: () => number,
  total: number,
  ldif: ChunkedWriter,
  side: PersonSideFiles,
  opts: GenerateOptions,
): Promise<void> {
  const { signal, onProgress } = opts;
  const reportEvery = Math.max(1, Math.ceil(total / 100));
  let nextReport = reportEvery;
  for (;;) {
    const more = fill();
    signal?.throwIfAborted();
    await ldif.flush();
    if (side.dns?.full === true) await side.dns.flush();
    if (side.binds?.full === true) await side.binds.flush();
    const done = written();
    if (done >= nextReport || !more) {
      onProgress?.(done, total);
      nextReport = (Math.floor(done / reportEvery) + 1) * reportEvery;
    }
    if (!more) return;
  }
}
