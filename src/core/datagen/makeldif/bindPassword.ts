// The binds file's passwords: a template's userPassword read back as the plain text a client binds with.
import type { Program } from './compiledTypes.ts';

/** A userPassword usable for binding: plain text (not `{SCHEME}...`), base64 decoded, one line. */
export function plainPassword(value: string, form: Program['passwordForm']): string | null {
  if (value === lastPassword.value && form === lastPassword.form) return lastPassword.plain;
  lastPassword.value = value;
  lastPassword.form = form;
  lastPassword.plain = toPlain(value, form);
  return lastPassword.plain;
}

// Most templates give every entry the same password: check it once.
const lastPassword: { value: string; form: Program['passwordForm']; plain: string | null } = {
  value: '',
  form: null,
  plain: null,
};

function toPlain(value: string, form: Program['passwordForm']): string | null {
  let text = value;
  if (form === 'url') return null;
  if (form === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    text = Buffer.from(value, 'base64').toString('utf8');
  }
  if (text === '' || text.startsWith('{') || /[\t\n\r\uFFFD]/.test(text)) return null;
  return text;
}
