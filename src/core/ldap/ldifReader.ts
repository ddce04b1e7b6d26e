// Streams the entries of an LDIF file (RFC 2849 content records): folded lines, comments, base64
// values; memory stays flat whatever the file's size.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** One entry: its DN and attribute values in file order (binary values as Buffers). */
export interface LdifEntry {
  dn: string;
  attributes: Record<string, (string | Buffer)[]>;
  /** 1-based line of the `dn:` line, for messages. */
  line: number;
}

/** A malformed LDIF file: where and why. */
export class LdifError extends Error {
  constructor(file: string, line: number, reason: string) {
    super(`${file} line ${line}: ${reason}`);
    this.name = 'LdifError';
  }
}

/** Turns one unfolded `name: value` / `name:: base64` line into its parts. */
function parseLine(
  file: string,
  line: string,
  number: number,
): { name: string; value: string | Buffer } {
  const colon = line.indexOf(':');
  if (colon <= 0)
    throw new LdifError(file, number, `expected "attribute: value", got "${line.slice(0, 60)}"`);
  const name = line.slice(0, colon);
  if (line[colon + 1] === ':') {
    const decoded = Buffer.from(line.slice(colon + 2).trim(), 'base64');
    const text = decoded.toString('utf8');
    // Values base64-encoded only for a leading space or colon are text; keep real binary as bytes.
    return { name, value: Buffer.from(text, 'utf8').equals(decoded) ? text : decoded };
  }
  if (line[colon + 1] === '<')
    throw new LdifError(file, number, `URL values (${name}:<) are not supported`);
  return { name, value: line.slice(colon + 1).replace(/^ /, '') };
}

/** Yields every entry of `file` in order; change records (changetype:) are refused. */
export async function* readLdif(file: string): AsyncGenerator<LdifEntry> {
  const lines = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let current: LdifEntry | null = null;
  let pending: { text: string; number: number } | null = null;
  let number = 0;
  const flush = (): void => {
    if (pending === null) return;
    const { name, value } = parseLine(file, pending.text, pending.number);
    const dnLine = pending.number;
    pending = null;
    if (current === null) {
      if (name.toLowerCase() === 'version') return;
      if (name.toLowerCase() !== 'dn')
        throw new LdifError(file, number, 'an entry must start with dn:');
      current = { dn: String(value), attributes: {}, line: dnLine };
      return;
    }
    if (name.toLowerCase() === 'changetype') {
      throw new LdifError(file, dnLine, 'change records are not supported: give plain entries');
    }
    (current.attributes[name] ??= []).push(value);
  };
  for await (const raw of lines) {
    number++;
    if (raw.startsWith(' ') && pending !== null) {
      pending.text += raw.slice(1);
      continue;
    }
    flush();
    if (raw.startsWith('#')) continue;
    if (raw.trim() === '') {
      if (current !== null) yield current;
      current = null;
      continue;
    }
    pending = { text: raw, number };
  }
  flush();
  if (current !== null) yield current;
}
