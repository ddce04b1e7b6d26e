// Short random identifiers that are easy to type on a command line.
import { randomBytes } from 'node:crypto';

/** A new id like `run-3f9a12c4`. */
export function newId(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Current time as an ISO-8601 string, the format every stored timestamp uses. */
export function nowIso(): string {
  return new Date().toISOString();
}
