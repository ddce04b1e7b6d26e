// Reading and changing attributes of a parsed record, for configuration files edited in place.
import { valueText } from './record.ts';
import type { LdifRecord } from './record.ts';
import { attrLine } from './write.ts';

/** Every value of `name` (any case) in a record, as text. */
export function attributeValues(record: LdifRecord, name: string): string[] {
  const key = name.toLowerCase();
  return record.attributes.filter((a) => a.name.toLowerCase() === key).map(valueText);
}

/**
 * Replaces every value of `name` (any case) with `values`; none removes the attribute. The new lines
 * stand where its first value stood, so a diff of the file shows only the change; a new attribute goes
 * before the first line named `before` (any case) when given and present, else at the end.
 */
export function setAttribute(
  record: LdifRecord,
  name: string,
  values: readonly string[],
  before?: string,
): void {
  const key = name.toLowerCase();
  const first = record.attributes.findIndex((a) => a.name.toLowerCase() === key);
  const rest = record.attributes.filter((a) => a.name.toLowerCase() !== key);
  const beforeKey = before?.toLowerCase();
  let at = first >= 0 ? first : rest.findIndex((a) => a.name.toLowerCase() === beforeKey);
  if (at < 0) at = rest.length;
  rest.splice(at, 0, ...values.map((v) => attrLine(name, v)));
  record.attributes = rest;
}

/** A new record of (name, value) pairs in order. */
export function newRecord(dn: string, pairs: readonly (readonly [string, string])[]): LdifRecord {
  return { dn, line: 0, attributes: pairs.map(([name, value]) => attrLine(name, value)) };
}
