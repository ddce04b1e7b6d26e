// Quoting what a user's file holds in a message without echoing its raw bytes to a terminal:
// printable text in quotes, anything else as hex bytes with their offsets.

/** Characters of text quoted at most; longer text is cut with an ellipsis. */
const MAX_CHARS = 60;
/** Bytes shown at most when the input is not printable text. */
const MAX_BYTES = 16;

const WHITESPACE_ESCAPES: Readonly<Record<string, string>> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/**
 * True for a character a terminal shows as itself: not a control character (C0, DEL, C1), not the
 * replacement character a decoder puts for bytes that are not UTF-8, not a bidirectional override
 * that reorders what follows it, not half of a surrogate pair.
 */
function printable(code: number): boolean {
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return false;
  if (code === 0xfffd || (code >= 0xd800 && code < 0xe000)) return false;
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return false;
  return true;
}

/** `text` as printable characters (line ends and tabs escaped), or null when it holds anything else. */
function escapedText(text: string): string | null {
  let out = '';
  for (const ch of text) {
    const escape = WHITESPACE_ESCAPES[ch];
    if (escape !== undefined) out += escape;
    else if (printable(ch.codePointAt(0) ?? 0)) out += ch;
    else return null;
  }
  return out;
}

/** The first bytes of `bytes` in hex with their offsets, e.g. `bytes 0-3: 7f 45 4c 46`. */
function hexBytes(bytes: Uint8Array, byteOffset: number): string {
  if (bytes.length === 0) return `no bytes at offset ${byteOffset}`;
  const shown = bytes.subarray(0, MAX_BYTES);
  const hex = Array.from(shown, (b) => b.toString(16).padStart(2, '0')).join(' ');
  const last = byteOffset + shown.length - 1;
  return `bytes ${byteOffset}-${last}: ${hex}${bytes.length > shown.length ? ' ...' : ''}`;
}

/** Where an excerpt starts and how much of it to quote. */
export interface ExcerptOptions {
  /** Where `input` starts in its file, in bytes (0: the file's start). */
  byteOffset?: number;
  /** Characters of printable text to quote at most. */
  maxChars?: number;
  /** What printable text is put between: `"` unless given (`'`, or '' for a bare name). */
  quote?: string;
}

/**
 * A printable stand-in for file content quoted in a message: `"the text"` (line ends escaped, cut
 * with "…") when its start is printable text, else its first bytes in hex with their offsets, e.g.
 * `bytes 0-15: 7f 45 4c 46 02 01 01 00 00 00 00 00 00 00 00 00 ...`. Never raw control bytes.
 */
export function inputExcerpt(input: string | Uint8Array, options: ExcerptOptions = {}): string {
  const maxChars = options.maxChars ?? MAX_CHARS;
  const byteOffset = options.byteOffset ?? 0;
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      // Streaming: a character cut at the end of the slice waits for more instead of failing.
      const decoder = new TextDecoder('utf-8', { fatal: true });
      text = decoder.decode(input.subarray(0, maxChars * 4), { stream: true });
    } catch {
      return hexBytes(input, byteOffset);
    }
  }
  // Enough code units for maxChars characters and one more (a character may take two).
  const chars = Array.from(text.slice(0, maxChars * 2 + 2));
  const head = chars.slice(0, maxChars).join('');
  const escaped = escapedText(head);
  const cut = chars.length > maxChars || (typeof input !== 'string' && input.length > maxChars * 4);
  const quote = options.quote ?? '"';
  if (escaped !== null) return `${quote}${escaped}${cut ? '…' : ''}${quote}`;
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input.slice(0, 64)) : input;
  return hexBytes(bytes, byteOffset);
}

/** Characters looked at for signs of binary content, as git and grep look at a file's start. */
const SNIFF_CHARS = 8000;

/** The character a decoder puts for bytes that are not UTF-8: its bytes are not the file's. */
const REPLACEMENT = '\ufffd';

/**
 * Why `text` is not text, or null: a control character other than a line end, tab or form feed
 * (a NUL, as in every binary format) within its first 8,000 characters, with its byte offset and
 * the bytes around it, e.g. "a control byte 0x00 at offset 7, in bytes 0-15: 7f 45 4c 46 02 ...".
 * Bytes a decoder replaced (not UTF-8) are never shown as the replacement's bytes: the excerpt
 * stops before them, and after one the place is given in characters and nothing is shown.
 */
export function binaryContent(text: string): string | null {
  const head = text.slice(0, SNIFF_CHARS);
  const at = head.search(/[^\P{Cc}\t\n\r\f]/u);
  if (at < 0) return null;
  const code = head.charCodeAt(at).toString(16).padStart(2, '0');
  const before = head.slice(0, at);
  if (before.includes(REPLACEMENT))
    return `a control byte 0x${code} at character ${at}, after bytes that are not UTF-8`;
  const offset = utf8Length(before);
  // The excerpt starts up to 15 bytes before the byte (at its 16-byte row when all is ASCII).
  const start = Math.max(0, at - (offset % 16));
  const bytes = head.slice(start).split(REPLACEMENT)[0] ?? '';
  const excerpt = inputExcerpt(bytes, { byteOffset: utf8Length(head.slice(0, start)) });
  return `a control byte 0x${code} at offset ${offset}, in ${excerpt}`;
}

/** The UTF-8 length of `text`, for byte offsets of an excerpt that starts after it. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Why JSON.parse refused `text`, without the raw text the engine's message quotes: its words, where
 * (position, line and column when known) and a printable excerpt of the text there - none of the
 * text with `quote` false, for files that hold secrets.
 */
export function jsonSyntaxProblem(err: unknown, text: string, quote = true): string {
  const message = err instanceof Error ? err.message : String(err);
  const excerptAt = (position: number): string =>
    quote
      ? `: ${inputExcerpt(text.slice(position), { byteOffset: utf8Length(text.slice(0, position)) })}`
      : '';
  const at = /at position (\d+)/.exec(message);
  if (at !== null) {
    const position = Number(at[1]);
    const words = message.replace(/ in JSON at position .*$/s, '').replace(/ at position .*$/s, '');
    const where = /\(line \d+ column \d+\)/.exec(message)?.[0] ?? '';
    return `${words} at position ${position}${where === '' ? '' : ` ${where}`}${excerptAt(position)}`;
  }
  // "Unexpected token 'X', "…text…" is not valid JSON": the quoted text and token are raw input.
  const quoted =
    /^Unexpected token '(.*?)', (?:\.\.\.)?"(.*?)"(?:\.\.\.)? is not valid JSON$/s.exec(message);
  if (quoted !== null) {
    const [, raw = '', snippet = ''] = quoted;
    // The engine quotes the text around the character; found in the text, that places it.
    const found = text.indexOf(snippet);
    const start = found < 0 ? 0 : found + Math.max(0, snippet.indexOf(raw));
    const code = (raw.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    const token = quote ? ` '${escapedText(raw) ?? `U+${code}`}'` : '';
    return `unexpected character${token} near position ${start}${excerptAt(start)}`;
  }
  return escapedText(message) ?? 'not valid JSON';
}
