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

/** Turns LDIF lines into entries one line at a time, so any line source (a file stream, a string) can feed it. */
export class LdifParser {
  private readonly file: string;
  private current: { dn: string; line: number; values: Map<string, (string | Buffer)[]> } | null =
    null;
  private pending: { text: string; number: number } | null = null;
  /** A comment may be folded too (RFC 2849): its continuation lines are skipped with it. */
  private inComment = false;
  private number = 0;

  /** `file` names the input in error messages. */
  constructor(file: string) {
    this.file = file;
  }

  /** Feeds the next line (without its line break); returns the entry it completed, if any. */
  line(raw: string): LdifEntry | null {
    this.number++;
    if (raw.startsWith(' ') && (this.pending !== null || this.inComment)) {
      if (this.pending !== null) this.pending.text += raw.slice(1);
      return null;
    }
    this.flush();
    this.inComment = raw.startsWith('#');
    if (this.inComment) return null;
    if (raw.trim() === '') return this.take();
    this.pending = { text: raw, number: this.number };
    return null;
  }

  /** Ends the input; returns the last entry, if one is open. */
  end(): LdifEntry | null {
    this.flush();
    return this.take();
  }

  private take(): LdifEntry | null {
    const done = this.current;
    this.current = null;
    if (done === null) return null;
    // fromEntries defines own keys, so names such as constructor or __proto__ stay attributes.
    return { dn: done.dn, attributes: Object.fromEntries(done.values), line: done.line };
  }

  private flush(): void {
    const pending = this.pending;
    if (pending === null) return;
    this.pending = null;
    const { name, value } = parseLine(this.file, pending.text, pending.number);
    if (this.current === null) {
      if (name.toLowerCase() === 'version') return;
      if (name.toLowerCase() !== 'dn')
        throw new LdifError(this.file, pending.number, 'an entry must start with dn:');
      this.current = { dn: String(value), values: new Map(), line: pending.number };
      return;
    }
    if (name.toLowerCase() === 'changetype') {
      throw new LdifError(
        this.file,
        pending.number,
        'change records are not supported: give plain entries',
      );
    }
    const values = this.current.values.get(name);
    if (values === undefined) this.current.values.set(name, [value]);
    else values.push(value);
  }
}

/** Yields every entry of `file` in order; change records (changetype:) are refused. */
export async function* readLdif(file: string): AsyncGenerator<LdifEntry> {
  const lines = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  const parser = new LdifParser(file);
  for await (const raw of lines) {
    const entry = parser.line(raw);
    if (entry !== null) yield entry;
  }
  const last = parser.end();
  if (last !== null) yield last;
}
