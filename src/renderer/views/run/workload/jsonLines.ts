// JSON parsing for the workload editor: the value, the line each field path starts on, and syntax errors with line and column.

/** A parsed document: its value and the 1-based line of every field path (`operations[0].operation.filter`). */
export interface JsonDocument {
  ok: true;
  value: unknown;
  lines: Map<string, number>;
}

/** Where and why the text is not JSON. */
export interface JsonSyntaxError {
  ok: false;
  message: string;
  line: number;
  column: number;
}

class ScanError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

function child(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** Walks the text once, recording where each path starts; throws ScanError at the first mistake. */
class Scanner {
  private i = 0;
  private readonly text: string;
  private readonly starts: number[] = [0];
  readonly lines = new Map<string, number>();

  constructor(text: string) {
    this.text = text;
    for (let k = 0; k < text.length; k++) if (text[k] === '\n') this.starts.push(k + 1);
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.starts[lo] ?? 0) + 1 };
  }

  document(): void {
    this.value('');
    this.space();
    if (this.i < this.text.length) this.fail('Unexpected text after the end of the JSON value');
  }

  private fail(message: string): never {
    throw new ScanError(message, this.i);
  }

  private space(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i] ?? '')) this.i++;
  }

  private describe(): string {
    const ch = this.text[this.i];
    return ch === undefined ? 'the end of the text' : `'${ch}'`;
  }

  private value(path: string): void {
    this.space();
    this.lines.set(path, this.position(this.i).line);
    const ch = this.text[this.i];
    if (ch === '{') return this.object(path);
    if (ch === '[') return this.array(path);
    if (ch === '"') return void this.string();
    const rest = this.text.slice(this.i);
    const literal =
      /^(true|false|null)\b/.exec(rest) ?? /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
    if (literal) {
      this.i += literal[0].length;
      return;
    }
    if (ch === "'") this.fail('Strings need double quotes (")');
    this.fail(`Expected a value but found ${this.describe()}`);
  }

  private object(path: string): void {
    this.members('}', () => {
      if (this.text[this.i] !== '"') {
        this.fail(`Expected a field name in double quotes but found ${this.describe()}`);
      }
      const key = this.string();
      this.space();
      if (this.text[this.i] !== ':') this.fail(`Expected ':' after "${key}"`);
      this.i++;
      this.value(child(path, key));
    });
  }

  private array(path: string): void {
    this.members(']', (n) => this.value(child(path, n)));
  }

  /** The comma-separated members of an object or array, from its opening bracket to `close`. */
  private members(close: '}' | ']', member: (n: number) => void): void {
    this.i++;
    this.space();
    if (this.text[this.i] === close) {
      this.i++;
      return;
    }
    for (let n = 0; ; n++) {
      this.space();
      if (this.text[this.i] === close) this.fail(`Trailing comma before ${close}`);
      member(n);
      this.space();
      const next = this.text[this.i];
      if (next === ',') {
        this.i++;
        continue;
      }
      if (next === close) {
        this.i++;
        return;
      }
      this.fail(`Expected ',' or '${close}' but found ${this.describe()}`);
    }
  }

  private string(): string {
    const start = this.i;
    this.i++;
    while (this.i < this.text.length) {
      const ch = this.text[this.i];
      if (ch === '"') {
        this.i++;
        return JSON.parse(this.text.slice(start, this.i)) as string;
      }
      if (ch === '\n')
        this.fail('Unterminated string: a line break inside quotes must be written \\n');
      if (ch === '\\') {
        const esc = this.text[this.i + 1];
        if (esc === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6))) {
            this.fail('Bad \\u escape: four hex digits expected');
          }
          this.i += 6;
          continue;
        }
        if (esc === undefined || !'"\\/bfnrt'.includes(esc)) {
          this.i++;
          this.fail(`Bad escape \\${esc ?? ''}: write \\\\ for a backslash`);
        }
        this.i += 2;
        continue;
      }
      this.i++;
    }
    this.i = start;
    return this.fail('Unterminated string');
  }
}

/** Parses `text`; on success also maps each field path to its line, else says where it broke. */
export function parseJsonWithLines(text: string): JsonDocument | JsonSyntaxError {
  const scanner = new Scanner(text);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    try {
      scanner.document();
    } catch (scanErr) {
      if (scanErr instanceof ScanError) {
        return { ok: false, message: scanErr.message, ...scanner.position(scanErr.offset) };
      }
    }
    return { ok: false, message: (err as Error).message, line: 1, column: 1 };
  }
  try {
    scanner.document();
  } catch {
    // JSON.parse accepted it, so the value stands; lines are best effort.
  }
  return { ok: true, value, lines: scanner.lines };
}

/** The line of `path` or of its nearest ancestor that has one (a missing field points at its object). */
export function lineOfPath(lines: ReadonlyMap<string, number>, path: string): number | null {
  let p = path;
  for (;;) {
    const line = lines.get(p);
    if (line !== undefined) return line;
    if (p === '') return null;
    const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
    p = cut <= 0 ? '' : p.slice(0, cut);
  }
}
