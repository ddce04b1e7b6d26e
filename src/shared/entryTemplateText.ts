// The text form of an add template, as LDIF with value patterns: a `dn:` line, then `attribute: pattern` lines.
import { invalid } from './errors.ts';
import type { EntryTemplate, TemplateAttribute } from './workload.ts';
import { inputExcerpt } from './inputExcerpt.ts';

/**
 * Parses template text such as
 *   dn: cn=dirbench [unique],ou=Finance,o=Salford,c=gb
 *   objectClass: inetOrgPerson
 *   sn: [random:8]
 * Lines starting with `#` are comments; a line starting with one space continues the previous one
 * (LDIF folding); a repeated attribute gets several values. `field` names the input in errors.
 */
export function parseEntryTemplateText(text: string, field: string): EntryTemplate {
  const lines = unfold(text);
  let dn: string | null = null;
  const attributes: TemplateAttribute[] = [];
  for (const { line, number } of lines) {
    const match = /^([A-Za-z][\w.;-]*)\s*(::?)\s?(.*)$/.exec(line);
    if (match === null) {
      throw invalid(
        field,
        `${field} line ${number}: expected "attribute: value", got ${inputExcerpt(line)}`,
      );
    }
    const [, name = '', colons, value = ''] = match;
    if (colons === '::') {
      throw invalid(
        field,
        `${field} line ${number}: base64 values (${name}::) are not supported in templates; write the value as text`,
      );
    }
    if (name.toLowerCase() === 'dn') {
      if (dn !== null) throw invalid(field, `${field} line ${number}: a template has one dn line`);
      if (attributes.length > 0)
        throw invalid(field, `${field} line ${number}: the dn line comes first`);
      dn = value.trim();
      continue;
    }
    if (dn === null)
      throw invalid(field, `${field} line ${number}: the template must start with a dn: line`);
    const existing = attributes.find((a) => a.name.toLowerCase() === name.toLowerCase());
    if (existing !== undefined) existing.values.push(value);
    else attributes.push({ name, values: [value] });
  }
  if (dn === null)
    throw invalid(field, `${field} is empty: write a dn: line and the attributes, one per line`);
  return { dn, attributes };
}

/** Joins folded lines and drops comments and blank lines, keeping the first line number of each. */
function unfold(text: string): { line: string; number: number }[] {
  const out: { line: string; number: number }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const last = out[out.length - 1];
    if (raw.startsWith(' ') && last !== undefined) {
      last.line += raw.slice(1);
      return;
    }
    if (raw.trim() === '' || raw.startsWith('#')) return;
    out.push({ line: raw, number: i + 1 });
  });
  return out;
}

/** The text form of a template; `repeat` N writes each value line N times, which expands the same. */
export function formatEntryTemplateText(template: EntryTemplate): string {
  const lines = [`dn: ${template.dn}`];
  for (const a of template.attributes) {
    for (let i = 0; i < (a.repeat ?? 1); i++)
      for (const v of a.values) lines.push(`${a.name}: ${v}`);
  }
  return `${lines.join('\n')}\n`;
}
