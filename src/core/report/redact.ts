// Keeps secrets out of exported files: every field whose name says it holds a secret is left out.

/** Field names that hold a secret or point at one (password, passwordFile, passphrase, secret_ref...). */
const SECRET_KEY = /password|passphrase|secret|credential/i;

/** A deep copy of `value` without fields named like secrets (password, passwordFile, passphrase, ...). */
export function withoutPasswords<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutPasswords(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (!SECRET_KEY.test(key)) copy[key] = withoutPasswords(field);
  }
  return copy as T;
}
