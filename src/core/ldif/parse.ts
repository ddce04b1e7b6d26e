// Reads LDIF content records (RFC 2849) one physical line at a time, so a file stream and an
// in-memory string share one parser and memory stays flat whatever the file's size.
import { valueText } from './record.ts';
import type { LdifAttrLine, LdifRecord } from './record.ts';
import { inputExcerpt } from '../../shared/inputExcerpt.ts';

/** A malformed LDIF file: where and why. */
export class LdifError extends Error {
  constructor(file: string, line: number, reason: string) {
    super(`${file} line ${line}: ${reason}`);
    this.name = 'LdifError';
  }
}

/** Receives each comment (unfolded, '#' kept) and the line it starts on. */
export type LdifCommentHandler = (text: string, line: number) => void;

/** The text after `from` without the FILL spaces RFC 2849 allows between the marker and the value. */
function afterFill(text: string, from: number): string {
  let i = from;
  while (text.charCodeAt(i) === 0x20) i++;
  return text.slice(i);
}

/** Splits one unfolded `name: value`, `name:: base64` or `name:< url` line. */
function parseAttrLine(file: string, text: string, line: number): LdifAttrLine {
  const colon = text.indexOf(':');
  if (colon <= 0)
    throw new LdifError(file, line, `expected "attribute: value", got ${inputExcerpt(text)}`);
  const name = text.slice(0, colon);
  const marker = text[colon + 1];
  if (marker === ':') return { name, kind: 'base64', value: text.slice(colon + 2).trim(), line };
  if (marker === '<') return { name, kind: 'url', value: afterFill(text, colon + 2), line };
  return { name, kind: 'text', value: afterFill(text, colon + 1), line };
}

/** Turns LDIF lines into records; change records (changetype:) are refused, as no caller applies them. */
export class LdifParser {
  readonly #file: string;
  readonly #onComment: LdifCommentHandler | undefined;
  #record: LdifRecord | null = null;
  /** The logical line being unfolded: continuation lines join it until the next line starts. */
  #pending: { text: string; line: number; comment: boolean } | null = null;
  #number = 0;

  /** `file` names the input in error messages. */
  constructor(file: string, onComment?: LdifCommentHandler) {
    this.#file = file;
    this.#onComment = onComment;
  }

  /** Feeds the next physical line (without its line break); returns the record it completed, if any. */
  line(raw: string): LdifRecord | null {
    this.#number++;
    if (raw.startsWith(' ')) {
      // A comment may be folded too (RFC 2849): its continuation joins it and is dropped with it.
      if (this.#pending !== null) {
        this.#pending.text += raw.slice(1);
        return null;
      }
      if (raw.trim() !== '')
        throw new LdifError(this.#file, this.#number, 'a continued line with no line before it');
    }
    this.#flush();
    if (raw.trim() === '') return this.#take();
    this.#pending = { text: raw, line: this.#number, comment: raw.startsWith('#') };
    return null;
  }

  /** Ends the input; returns the last record, if one is open. */
  end(): LdifRecord | null {
    this.#flush();
    return this.#take();
  }

  #take(): LdifRecord | null {
    const done = this.#record;
    this.#record = null;
    return done;
  }

  #flush(): void {
    const pending = this.#pending;
    if (pending === null) return;
    this.#pending = null;
    if (pending.comment) {
      this.#onComment?.(pending.text, pending.line);
      return;
    }
    const attr = parseAttrLine(this.#file, pending.text, pending.line);
    const name = attr.name.toLowerCase();
    if (this.#record === null) {
      if (name === 'version') return;
      if (name !== 'dn')
        throw new LdifError(this.#file, pending.line, 'an entry must start with dn:');
      if (attr.kind === 'url')
        throw new LdifError(this.#file, pending.line, 'a DN cannot be a URL');
      this.#record = { dn: valueText(attr), line: pending.line, attributes: [] };
      return;
    }
    if (name === 'changetype')
      throw new LdifError(
        this.#file,
        pending.line,
        'change records are not supported: give plain entries',
      );
    this.#record.attributes.push(attr);
  }
}

/** Every record of LDIF text (LF or CRLF line breaks); `file` names it in error messages. */
export function parseLdifText(
  text: string,
  file: string,
  onComment?: LdifCommentHandler,
): LdifRecord[] {
  const parser = new LdifParser(file, onComment);
  const records: LdifRecord[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const record = parser.line(raw);
    if (record !== null) records.push(record);
  }
  const last = parser.end();
  if (last !== null) records.push(last);
  return records;
}
