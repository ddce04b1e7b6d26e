// Typed readers over untrusted JSON: each checks one field and throws a validation ApiError naming its path.
import { invalid } from '../../shared/errors.ts';

/** A JSON object whose keys have been checked against the allowed set. */
export type Fields = Record<string, unknown>;

/** Path of a child field: `operations[1]`, `operations[1].operation`. */
export function child(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** A value as a message shows it: strings quoted, the rest as JSON. */
export function show(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === undefined) return 'nothing';
  return JSON.stringify(value) ?? String(value);
}

/** What a field holds, in words, for "must be X; got Y" messages. */
function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return show(value);
}

/** Checks that `value` is a plain object with only `allowed` keys and every `required` one. */
export function fieldsOf(
  value: unknown,
  field: string,
  allowed: readonly string[],
  required: readonly string[],
): Fields {
  const name = field === '' ? 'the workload' : field;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(field, `${name} must be an object; got ${describe(value)}`);
  }
  const fields = value as Fields;
  for (const key of Object.keys(fields)) {
    if (allowed.includes(key)) continue;
    const guess = closest(key, allowed);
    const hint = guess === null ? '' : ` (did you mean '${guess}'?)`;
    throw invalid(
      child(field, key),
      `${name} has an unknown field '${key}'${hint}; allowed: ${allowed.join(', ')}`,
    );
  }
  for (const key of required) {
    if (fields[key] === undefined) {
      throw invalid(child(field, key), `${child(field, key)} is required`);
    }
  }
  return fields;
}

/** The allowed key nearest to a typo (edit distance <= 2), if any. */
function closest(key: string, allowed: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const d = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** A string field; `nonEmpty` rejects blank text. */
export function stringField(value: unknown, field: string, nonEmpty: boolean): string {
  if (typeof value !== 'string')
    throw invalid(field, `${field} must be text; got ${describe(value)}`);
  if (nonEmpty && value.trim() === '') throw invalid(field, `${field} must not be empty`);
  return value;
}

/** What a number field takes: its name in messages and the test a number must pass. */
interface NumberKind {
  name: string;
  test: (value: number) => boolean;
}

const WHOLE: NumberKind = { name: 'a whole number', test: Number.isInteger };
const FINITE: NumberKind = { name: 'a finite number', test: Number.isFinite };

function boundedNumber(
  value: unknown,
  field: string,
  kind: NumberKind,
  min: number,
  max: number,
): number {
  if (typeof value !== 'number' || !kind.test(value)) {
    throw invalid(field, `${field} must be ${kind.name}; got ${describe(value)}`);
  }
  if (value < min || value > max) {
    throw invalid(field, `${field} must be between ${min} and ${max}; got ${value}`);
  }
  return value;
}

/** A whole-number field in [min, max]. */
export function integerField(value: unknown, field: string, min: number, max: number): number {
  return boundedNumber(value, field, WHOLE, min, max);
}

/** A finite number field in [min, max]. */
export function numberField(value: unknown, field: string, min: number, max: number): number {
  return boundedNumber(value, field, FINITE, min, max);
}

/** A true/false field. */
export function booleanField(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') {
    throw invalid(field, `${field} must be true or false; got ${describe(value)}`);
  }
  return value;
}

/** One of a fixed set of words. */
export function choiceField<T extends string>(
  value: unknown,
  field: string,
  choices: readonly T[],
): T {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw invalid(field, `${field} must be one of ${choices.join(', ')}; got ${describe(value)}`);
  }
  return value as T;
}

/** A list field; `minItems` names how many it needs at least. */
export function listField(value: unknown, field: string, minItems: number): unknown[] {
  if (!Array.isArray(value))
    throw invalid(field, `${field} must be a list; got ${describe(value)}`);
  if (value.length < minItems) {
    throw invalid(field, `${field} needs at least ${minItems} item${minItems === 1 ? '' : 's'}`);
  }
  return value;
}

/** Reads an optional field with `read`, or undefined when absent. */
export function optional<T>(
  fields: Fields,
  key: string,
  parent: string,
  read: (value: unknown, field: string) => T,
): T | undefined {
  const value = fields[key];
  return value === undefined ? undefined : read(value, child(parent, key));
}

/** Reads one field's value, given the value and the field's path. */
export type FieldReader<T> = (value: unknown, field: string) => T;

/** The optional fields `readers` read: only those present, each as its reader returned it. */
export type OptionalFields<R extends Record<string, FieldReader<unknown>>> = {
  [K in keyof R]?: ReturnType<R[K]>;
};

/** Reads the optional fields `readers` names, in their order; the result holds only those present. */
export function optionalFields<R extends Record<string, FieldReader<unknown>>>(
  fields: Fields,
  parent: string,
  readers: R,
): OptionalFields<R> {
  const present: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(readers)) {
    const value = optional(fields, key, parent, read);
    if (value !== undefined) present[key] = value;
  }
  return present as OptionalFields<R>;
}

/** A list field whose items `read` checks, each at its own path (`field[i]`). */
export function listOf<T>(
  value: unknown,
  field: string,
  minItems: number,
  read: FieldReader<T>,
): T[] {
  return listField(value, field, minItems).map((item, i) => read(item, child(field, i)));
}

/** A list of objects that each have exactly `keys`; `read` turns one's fields (at `path`) into an item. */
export function objectListField<T>(
  value: unknown,
  field: string,
  minItems: number,
  keys: readonly string[],
  read: (fields: Fields, path: string) => T,
): T[] {
  return listOf(value, field, minItems, (item, path) =>
    read(fieldsOf(item, path, keys, keys), path),
  );
}
