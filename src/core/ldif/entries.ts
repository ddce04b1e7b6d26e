// LDIF entries as data to send to a server: every value decoded, binary ones kept as bytes.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { LdifError, LdifParser } from './parse.ts';
import { valueData } from './record.ts';
import type { LdifRecord } from './record.ts';
import { inputExcerpt } from '../../shared/inputExcerpt.ts';

/** One entry: its DN and attribute values in file order (binary values as Buffers). */
export interface LdifEntry {
  dn: string;
  /** Keyed by the attribute name as written; an own key even for names such as `__proto__`. */
  attributes: Record<string, (string | Buffer)[]>;
  /** 1-based line of the `dn:` line, for messages. */
  line: number;
}

/** The entry a record describes; URL values are refused (DirBench fetches nothing while loading). */
export function entryOf(record: LdifRecord, file: string): LdifEntry {
  const values = new Map<string, (string | Buffer)[]>();
  for (const attr of record.attributes) {
    if (attr.kind === 'url')
      throw new LdifError(
        file,
        attr.line ?? record.line,
        `URL values (${inputExcerpt(`${attr.name}:<`)}) are not supported`,
      );
    const value = valueData(attr);
    const list = values.get(attr.name);
    if (list === undefined) values.set(attr.name, [value]);
    else list.push(value);
  }
  // fromEntries defines own keys, so names such as constructor or __proto__ stay attributes.
  return { dn: record.dn, attributes: Object.fromEntries(values), line: record.line };
}

/** Yields every entry of `file` in order, streaming; change records (changetype:) are refused. */
export async function* readLdif(file: string): AsyncGenerator<LdifEntry> {
  const lines = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  const parser = new LdifParser(file);
  for await (const raw of lines) {
    const record = parser.line(raw);
    if (record !== null) yield entryOf(record, file);
  }
  const last = parser.end();
  if (last !== null) yield entryOf(last, file);
}
