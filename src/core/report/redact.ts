// Keeps secrets out of exported files: every field whose name mentions a password is left out.

const SECRET_KEY = /password/i;

/** A deep copy of `value` without fields named like passwords (password, passwordFile, ...). */
export function withoutPasswords<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutPasswords(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (!SECRET_KEY.test(key)) copy[key] = withoutPasswords(field);
  }
  return copy as T;
}
