// Checks a channel validator is built from: a request from outside may be anything JSON (or a
// structured clone) can hold, so each is read as unknown and answered as a field error.
import { invalid } from '../../shared/errors.ts';
import { checkId, shownValue } from '../../shared/validation.ts';

/** The request's fields; null, arrays and primitives are refused (destructuring them would throw). */
export function fieldsOf(req: unknown, what = 'the request'): Record<string, unknown> {
  if (typeof req !== 'object' || req === null || Array.isArray(req)) {
    throw invalid('', `${what} must be an object, got ${shownValue(req)}`);
  }
  return req as Record<string, unknown>;
}

/** A channel that takes no request: whatever is sent is ignored. */
export function noRequest(): undefined {
  return undefined;
}

/** A request of one id field, e.g. `{ runId }`. */
export function idRequest<F extends string>(field: F): (req: unknown) => Record<F, string> {
  return (req) => ({ [field]: checkId(fieldsOf(req)[field], field) }) as Record<F, string>;
}

/** A request carrying a definition in `spec`, which the library validates field by field. */
export function specRequest(req: unknown): { spec: unknown } {
  const { spec } = fieldsOf(req);
  if (spec === undefined)
    throw invalid('spec', 'spec is required: the definition to check or save');
  return { spec };
}

/** `value` when it is one of `allowed`, else a field error listing them. */
export function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw invalid(field, `${field} must be one of ${allowed.join(', ')}, got ${shownValue(value)}`);
  }
  return value as T;
}

/** An optional true/false field (absent stays absent). */
export function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  throw invalid(field, `${field} must be true or false, got ${shownValue(value)}`);
}

/** An optional text field (absent stays absent). */
export function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw invalid(field, `${field} must be text, got ${shownValue(value)}`);
}

/** An optional list of ids (absent stays absent). */
export function optionalIds(value: unknown, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw invalid(field, `${field} must be a list of ids, got ${shownValue(value)}`);
  return value.map((id: unknown, i) => checkId(id, `${field}[${i}]`));
}
