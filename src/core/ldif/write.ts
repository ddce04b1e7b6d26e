// Writes LDIF by the one safe-value rule (safeValue.ts): plain when it may be, base64 otherwise. Lines
// are never folded: no reader DirBench feeds needs it, and an unfolded file greps well.
import { isSafeValue } from './safeValue.ts';
import type { LdifAttrLine, LdifRecord, LdifValueKind } from './record.ts';

/** The base64 of `value`'s UTF-8 bytes, as an `attr:: ` line carries it. */
export function toBase64(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64');
}

/**
 * `name: value\n`, or `name:: base64\n` when the value is not safe. The generator may call it
 * for millions of values, so it builds the string directly. An empty value keeps its space, as the
 * generator's compiled code and 389 DS write it.
 */
export function ldifLine(name: string, value: string): string {
  return isSafeValue(value) ? `${name}: ${value}\n` : `${name}:: ${toBase64(value)}\n`;
}

/** The attribute line that writes `value` for `name`, by the same rule as ldifLine. */
export function attrLine(name: string, value: string): LdifAttrLine {
  return isSafeValue(value)
    ? { name, kind: 'text', value }
    : { name, kind: 'base64', value: toBase64(value) };
}

const MARKERS: Readonly<Record<LdifValueKind, string>> = {
  text: ': ',
  base64: ':: ',
  url: ':< ',
};

/** A record's lines, each ending in a line break; attribute lines go out as they were read or made. */
export function formatRecord(record: LdifRecord): string {
  let text = ldifLine('dn', record.dn);
  for (const a of record.attributes) text += `${a.name}${MARKERS[a.kind]}${a.value}\n`;
  return text;
}

/** LDIF text of records with a blank line after each, the last included, as 389 DS and OpenDJ write. */
export function formatLdif(records: readonly LdifRecord[]): string {
  let text = '';
  for (const record of records) text += `${formatRecord(record)}\n`;
  return text;
}
