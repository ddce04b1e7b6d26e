// The shape every LDIF reader and writer here shares: a content record as its lines were written, so a
// configuration file can be edited and written back without touching the lines nobody changed.

/** How a value was written: `attr: text`, `attr:: base64` or `attr:< url`. */
export type LdifValueKind = 'text' | 'base64' | 'url';

/** One attribute line, unfolded; `value` is as written (still base64 for kind 'base64'). */
export interface LdifAttrLine {
  name: string;
  kind: LdifValueKind;
  value: string;
  /** 1-based line it was read from, for messages; absent for lines made in code. */
  line?: number;
}

/** One content record: its DN (decoded) and its attribute lines in file order. */
export interface LdifRecord {
  dn: string;
  /** 1-based line of the `dn:` line; 0 for records made in code. */
  line: number;
  attributes: LdifAttrLine[];
}

/** The value of a line as text: base64 decoded as UTF-8, a URL as written. */
export function valueText(attr: LdifAttrLine): string {
  return attr.kind === 'base64' ? Buffer.from(attr.value, 'base64').toString('utf8') : attr.value;
}

/** The value of a text or base64 line: a string, or a Buffer when base64 hides bytes that are not UTF-8. */
export function valueData(attr: LdifAttrLine): string | Buffer {
  if (attr.kind !== 'base64') return attr.value;
  const bytes = Buffer.from(attr.value, 'base64');
  const text = bytes.toString('utf8');
  // Text is often base64 only for a leading space or a non-ASCII letter; real binary stays bytes.
  return Buffer.from(text, 'utf8').equals(bytes) ? text : bytes;
}
