// One entry point for every generated directory: a built-in shape or a makeldif template, written with its side files.
import { rename } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { LabShape } from '../../shared/labTypes.ts';
import type { GenerateOptions } from './dataset.ts';
import { loadTemplate } from './makeldif/engine.ts';
import { streamTemplate } from './makeldif/templateStream.ts';
import { ChunkedWriter, partialPath } from './output.ts';
import { DIRECTORY_SHAPES, unknownShapeMessage } from './shapes.ts';
import { isShapeName } from '../../shared/labTypes.ts';
import { streamShape } from './shapeStream.ts';

/** What to generate: a built-in shape of N persons, or a makeldif template. */
export type GenerateSource =
  | { kind: 'shape'; shape: LabShape; entries: number; seed: number }
  | {
      kind: 'template';
      templatePath: string;
      /** Where <file:...>, first.names and last.names are looked for first (default: data/makeldif). */
      resourceDir?: string | undefined;
      /** Sets `define numusers=` (else open-ended or branch subordinateTemplate counts) to this. */
      entriesOverride?: number | undefined;
      /** Replace the template's defines, like makeldif's `-c name=value`. */
      constants?: Readonly<Record<string, string>> | undefined;
      seed: number;
    };

/** What a generation wrote. */
export interface GenerateResult {
  /** Entries in the LDIF, the suffix, branches and organizational units included. */
  entries: number;
  /** Entries listed in the DN file (the persons). */
  persons: number;
  /** DN of the first entry. */
  suffix: string;
  /** Where searches start: o=Salford,c=gb, o=Test,c=BA, or a template's first branch below its suffix. */
  baseDn: string;
  ldifPath: string;
  /** One DN a line: the persons (leaf entries), for `[file:...]` value patterns. */
  dnsPath: string;
  /** `DN<TAB>password` a line for entries with a plain-text userPassword, for bind workloads. */
  bindsPath: string;
  /** Size of the LDIF. */
  bytes: number;
  seconds: number;
  /** Template warnings (an undefined constant, an empty define): the run still completed. */
  warnings: string[];
}

/** The side files written beside an LDIF. */
export function sideFilePaths(ldifPath: string): { dnsPath: string; bindsPath: string } {
  return { dnsPath: `${ldifPath}.dns`, bindsPath: `${ldifPath}.binds` };
}

/**
 * Generates a directory into `outLdif` with `<out>.dns` and `<out>.binds` beside it. Deterministic:
 * the same source gives byte-identical files. Memory stays flat at any size. Everything is written
 * under temporary names and renamed at the end (the LDIF last), so a cancelled or failed run leaves
 * no file that looks complete. Template problems throw TemplateError (file, line, reason) before any
 * file is created.
 */
export async function generateDataset(
  source: GenerateSource,
  outLdif: string,
  opts: GenerateOptions = {},
): Promise<GenerateResult> {
  const started = performance.now();
  opts.signal?.throwIfAborted();
  const template = source.kind === 'template' ? loadTemplate(source) : null;
  if (source.kind === 'shape') checkShape(source);
  const { dnsPath, bindsPath } = sideFilePaths(outLdif);
  const finals = [dnsPath, bindsPath, outLdif];
  const writers: ChunkedWriter[] = [];
  try {
    for (const [i, path] of finals.entries())
      writers.push(await ChunkedWriter.create(partialPath(path), i === 2 ? 'latin1' : 'utf8'));
    const [dns, binds, ldif] = writers as [ChunkedWriter, ChunkedWriter, ChunkedWriter];
    const side = { dns, binds };
    let entries: number;
    let persons: number;
    let suffix: string;
    let baseDn: string;
    if (source.kind === 'shape') {
      const shape = DIRECTORY_SHAPES[source.shape];
      persons = await streamShape(shape.writer, source, ldif, side, opts);
      entries = persons + shape.headerEntries;
      ({ suffix, baseDn } = shape);
    } else {
      const loaded = template ?? loadTemplate(source);
      const result = await streamTemplate(loaded, ldif, side, opts);
      ({ entries, listed: persons } = result);
      ({ suffix, baseDn } = loaded);
    }
    for (const w of writers) await w.close();
    opts.signal?.throwIfAborted();
    // The LDIF is renamed last: when it exists under its name, its side files do too.
    for (const [i, w] of writers.entries()) await rename(w.path, finals[i] as string);
    return {
      entries,
      persons,
      suffix,
      baseDn,
      ldifPath: outLdif,
      dnsPath,
      bindsPath,
      bytes: ldif.bytes,
      seconds: (performance.now() - started) / 1000,
      warnings: template?.warnings ?? [],
    };
  } catch (err) {
    await Promise.all(writers.map((w) => w.discard()));
    throw err;
  }
}

/** Most entries one shape run writes: a thousand times the largest lab; beyond is a typo that would fill the disk. */
export const MAX_GENERATED_ENTRIES = 1_000_000_000;

function checkShape(source: { shape: string; entries: number; seed: number }): void {
  if (!isShapeName(source.shape)) throw new RangeError(unknownShapeMessage(source.shape));
  if (!Number.isSafeInteger(source.entries) || source.entries < 0)
    throw new RangeError(`entries must be a whole number >= 0, got ${source.entries}`);
  if (source.entries > MAX_GENERATED_ENTRIES)
    throw new RangeError(
      `entries must be at most ${MAX_GENERATED_ENTRIES.toLocaleString('en-US')} (about a terabyte of LDIF), got ${source.entries}`,
    );
  if (!Number.isInteger(source.seed))
    throw new RangeError(`seed must be a whole number, got ${source.seed}`);
}
