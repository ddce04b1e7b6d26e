// Shared CLI option handling: numbers with field-named errors, data locations, output helpers.
import { invalid } from '../shared/errors.ts';
import { checkInteger } from '../shared/validation.ts';
import { defaultDataDir, resolveDbFile } from '../core/base/paths.ts';

/** Raw values from node:util parseArgs. */
export type RawOptions = Record<string, string | string[] | boolean | undefined>;

/** Parses an integer option (e.g. `--connections 8`), naming the option when it is wrong. */
export function intOption(
  options: RawOptions,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = options[name];
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw.trim())) {
    throw invalid(`--${name}`, `--${name} must be a whole number, got "${String(raw)}"`);
  }
  return checkInteger(Number(raw), `--${name}`, min, max);
}

/** A required string option. */
export function stringOption(options: RawOptions, name: string, hint: string): string {
  const raw = options[name];
  if (typeof raw !== 'string' || raw.trim() === '')
    throw invalid(`--${name}`, `--${name} is required: ${hint}`);
  return raw;
}

/** An option's value as given (a repeated one's values joined by ", "), or `fallback` when absent. */
export function givenText(options: RawOptions, name: string, fallback: string): string {
  const raw = options[name];
  if (typeof raw === 'string') return raw;
  return Array.isArray(raw) && raw.length > 0 ? raw.join(', ') : fallback;
}

/** Data folder and database file from --data-dir, --db and the environment. */
export function locations(options: RawOptions): { dataDir: string; dbFile: string } {
  const dataDir = typeof options['data-dir'] === 'string' ? options['data-dir'] : defaultDataDir();
  const dbFile = resolveDbFile(typeof options.db === 'string' ? options.db : undefined, dataDir);
  return { dataDir, dbFile };
}

/** Formats microseconds as milliseconds with sensible precision. */
export function ms(us: number | null | undefined): string {
  if (us === null || us === undefined) return '-';
  const value = us / 1000;
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** Prints a value as indented JSON: a list or document a user reads or saves (`--json` of list, show). */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Bytes of output gathered before each write: few system calls, little held. */
const JSON_CHUNK_CHARS = 1 << 20;

/**
 * Prints items as printJson prints their array, byte for byte, while they are produced: a list of
 * 100,000 runs is never held whole, as objects or as text.
 */
export function printJsonArray(items: Iterable<unknown>): void {
  let chunk = '';
  let first = true;
  for (const item of items) {
    // An element of an indented array is its own indented text, one level deeper.
    const text = JSON.stringify([item], null, 2);
    chunk += `${first ? '[\n' : ',\n'}${text.slice(2, -2)}`;
    first = false;
    if (chunk.length >= JSON_CHUNK_CHARS) {
      process.stdout.write(chunk);
      chunk = '';
    }
  }
  process.stdout.write(first ? '[]\n' : `${chunk}\n]\n`);
}

/** Prints a value as one line of JSON: a command's result for scripts (`--json` of run, lab start). */
export function printJsonLine(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** Prints rows as an aligned text table (numbers right-aligned). */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  for (const [rowIndex, row] of cells.entries()) {
    const line = row.map((cell, i) => {
      const numeric = rowIndex > 0 && typeof rows[rowIndex - 1]?.[i] === 'number';
      return numeric ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0);
    });
    process.stdout.write(`${line.join('  ').trimEnd()}\n`);
  }
}
