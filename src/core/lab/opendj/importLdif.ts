// Bulk loads a stopped OpenDJ lab with `import-ldif --offline`, reporting progress from the LDIF
// offset the JVM has reached and from the import's own messages, and failing on any lost entry.
import { readFileSync } from 'node:fs';
import type { BulkLoadOptions, LabServerConfig } from '../driver.ts';
import type { JavaRuntime } from '../java.ts';
import { fileReadFraction } from '../procFileOffset.ts';
import { runProgram } from './jvm.ts';
import { BACKEND_ID } from './labSettings.ts';
import { openDjLayout } from './layout.ts';
import { cleanLine, LogFollower, openDjLogTail } from './output.ts';

/** The import's closing count: "Processed N entries, imported I, skipped S, rejected R ..." */
export interface ImportSummary {
  processed: number;
  imported: number;
  skipped: number;
  rejected: number;
}

/** Parses the import's closing count from one log line; null for any other line. */
export function parseImportSummary(line: string): ImportSummary | null {
  const m = /Processed (\d+) entries, imported (\d+), skipped (\d+), rejected (\d+)/.exec(line);
  if (m === null) return null;
  return {
    processed: Number(m[1]),
    imported: Number(m[2]),
    skipped: Number(m[3]),
    rejected: Number(m[4]),
  };
}

/** Where the import stands, turned into one fraction. */
export class ImportProgress {
  readonly #expectedEntries: number;
  #readFraction = 0;
  #phaseTwoStarted = 0;
  #phaseTwoDone = 0;
  #last = 0;

  constructor(expectedEntries: number) {
    this.#expectedEntries = Math.max(1, expectedEntries);
  }

  /** How far the JVM has read the LDIF (0..1), from /proc. */
  read(fraction: number): void {
    this.#readFraction = Math.max(this.#readFraction, Math.min(1, fraction));
  }

  /** Takes in one line of the import's output. */
  line(raw: string): void {
    const { text } = cleanLine(raw);
    const processed = /^Processed (\d+) entries/.exec(text);
    if (processed !== null) this.read(Number(processed[1]) / this.#expectedEntries);
    // Phase two merges each index (and dn2id, id2childrencount) after the LDIF is read.
    if (/phase two started/.test(text)) {
      this.#phaseTwoStarted++;
      this.#readFraction = 1;
    }
    if (/phase two processing completed/.test(text)) this.#phaseTwoDone++;
  }

  /**
   * 0..1, never going back: reading the LDIF (phase one) is the first 70 %, merging the indexes
   * (phase two) the rest; on 2 cores phase two took about as long as phase one with the
   * salford-indexed profile, less with fewer indexes.
   */
  fraction(): number {
    const two = this.#phaseTwoStarted === 0 ? 0 : this.#phaseTwoDone / this.#phaseTwoStarted;
    const now = 0.7 * this.#readFraction + 0.29 * two;
    this.#last = Math.max(this.#last, Math.min(0.99, now));
    return this.#last;
  }
}

/** The first reason OpenDJ gives in a reject or skip file ("# ..." comment lines). */
function firstReason(path: string): string | null {
  try {
    const text = readFileSync(path, 'utf8');
    const line = text.split('\n').find((l) => l.startsWith('# '));
    return line === undefined ? (text.trim() === '' ? null : 'see the file') : line.slice(2);
  } catch {
    return null;
  }
}

/** import-ldif's arguments: offline into the lab's backend, rejects and skips kept for diagnosis. */
export function importArgs(ldifPath: string, rejectFile: string, skipFile: string): string[] {
  return [
    '--offline',
    '--backendID',
    BACKEND_ID,
    '--ldifFile',
    ldifPath,
    '--rejectFile',
    rejectFile,
    '--skipFile',
    skipFile,
    '--overwrite',
  ];
}

/** Runs the offline import; rejects with OpenDJ's own words when it fails or loses entries. */
export async function importLdif(
  config: LabServerConfig,
  java: JavaRuntime,
  options: BulkLoadOptions,
): Promise<ImportSummary> {
  const layout = openDjLayout(config.labDir);
  const { signal } = options;
  signal.throwIfAborted();
  const fractionRead = fileReadFraction(options.ldifPath);
  const progress = new ImportProgress(config.entries);
  let summary: ImportSummary | null = null;
  const follower = new LogFollower(options.logPath, (line) => {
    progress.line(line);
    summary = parseImportSummary(line) ?? summary;
  });
  const program = await runProgram(
    layout,
    java.path,
    {
      script: 'import-ldif',
      propertiesKey: 'import-ldif.offline',
      mainClass: 'org.opends.server.tools.ImportLDIF',
      classpath: 'tool',
      args: [
        '--configFile',
        layout.configLdif,
        ...importArgs(options.ldifPath, layout.rejectFile, layout.skipFile),
      ],
    },
    options.logPath,
    signal,
  );
  const timer = setInterval(() => {
    follower.poll();
    const fraction = fractionRead(program.pid);
    if (fraction !== null) progress.read(fraction);
    options.onProgress(progress.fraction());
  }, 500);
  let exit;
  try {
    exit = await program.done;
  } finally {
    clearInterval(timer);
    follower.finish();
  }
  signal.throwIfAborted();
  const where = `(full log: ${options.logPath})`;
  if (exit.code !== 0) {
    const how =
      exit.code === null
        ? `was killed (${exit.signal ?? 'signal'})`
        : `exited with code ${exit.code}`;
    throw new Error(`OpenDJ import-ldif ${how}: ${openDjLogTail(options.logPath)} ${where}`);
  }
  const result = summary as ImportSummary | null;
  if (result === null) {
    throw new Error(
      `OpenDJ import-ldif reported no entry count: ${openDjLogTail(options.logPath)} ${where}`,
    );
  }
  if (result.rejected > 0 || result.skipped > 0 || result.imported !== result.processed) {
    const reason =
      firstReason(layout.rejectFile) ?? firstReason(layout.skipFile) ?? 'no reason given';
    throw new Error(
      `OpenDJ imported ${result.imported} of ${result.processed} entries ` +
        `(${result.rejected} rejected, ${result.skipped} skipped): ${reason}. ` +
        `Rejected entries: ${layout.rejectFile}; skipped: ${layout.skipFile} ${where}`,
    );
  }
  options.onProgress(1);
  return result;
}
