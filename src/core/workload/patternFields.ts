// Pattern-valued fields of a workload: plain patterns, DNs, RDNs, filters, attribute names and entry templates.
import { invalid } from '../../shared/errors.ts';
import { inputExcerpt } from '../../shared/inputExcerpt.ts';
import type { EntryTemplate, TemplateAttribute } from '../../shared/workload.ts';
import { checkFilterSyntax } from './filterCheck.ts';
import { PatternError, parseValuePattern } from '../pattern/index.ts';
import type { ValuePattern } from '../pattern/index.ts';
import { child, fieldsOf, integerField, listOf, optional, stringField } from './specFields.ts';

/** Where patterns are read from (`[file:...]` names are relative to `baseDir`) and what they use. */
export interface PatternOptions {
  baseDir?: string;
  /** Filled while validating: each [entry:ATTR] attribute with the first field that uses it. */
  entryAttributes?: Map<string, string>;
}

/** Most copies of one template value (`repeat`): 1,000 makes the study's large group; more is a typo. */
const MAX_REPEAT = 100_000;

/** A string that must parse as a value pattern; the parser's caret message is kept. */
export function patternField(
  value: unknown,
  field: string,
  options: PatternOptions,
  nonEmpty = true,
): string {
  const text = stringField(value, field, nonEmpty);
  const pattern = parse(text, field, options);
  for (const attribute of pattern.entryAttributes) {
    if (!options.entryAttributes?.has(attribute)) options.entryAttributes?.set(attribute, field);
  }
  return text;
}

function parse(text: string, field: string, options: PatternOptions): ValuePattern {
  try {
    return parseValuePattern(
      text,
      options.baseDir === undefined ? {} : { baseDir: options.baseDir },
    );
  } catch (err) {
    if (err instanceof PatternError) {
      throw invalid(field, `${field}: ${err.message}`);
    }
    // A [file:...] that cannot be read fails here too, before any connection is made.
    throw invalid(field, `${field}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** True when the first RDN of a DN pattern (already parsed whole) has a [unique] token. */
function rdnHasUnique(dn: string, field: string, options: PatternOptions): boolean {
  const rdn = dn.split(/(?<!\\),/)[0] ?? '';
  try {
    return parseValuePattern(rdn, options.baseDir === undefined ? {} : { baseDir: options.baseDir })
      .usesUnique;
  } catch {
    // A comma inside a bracketed token split it: judge the whole DN instead.
    return parse(dn, field, options).usesUnique;
  }
}

// An RDN starts with an attribute name or OID and `=`; the value may be any pattern.
const RDN_START = /^\s*([A-Za-z][\w-]*|\d+(\.\d+)+)\s*=\s*\S/;

/** A DN pattern whose first RDN is `attribute=value` (tokens allowed in the value); `allowEmpty` for the root DSE. */
export function dnPatternField(
  value: unknown,
  field: string,
  options: PatternOptions,
  allowEmpty = false,
): string {
  const text = patternField(value, field, options, !allowEmpty);
  if (text.trim() === '') return text;
  // [entry:dn] and similar tokens expand to a whole DN, so only literal text is held to the shape.
  if (!text.trim().startsWith('[') && !RDN_START.test(text)) {
    throw invalid(field, `${field} ${show(text)} is not a DN: it should start attribute=value`);
  }
  return text;
}

/** An RDN pattern such as `cn=[unique]`. */
export function rdnPatternField(value: unknown, field: string, options: PatternOptions): string {
  const text = patternField(value, field, options);
  if (!RDN_START.test(text)) {
    throw invalid(
      field,
      `${field} ${show(text)} is not an RDN: write attribute=value, e.g. cn=[unique]`,
    );
  }
  return text;
}

/** An RFC 4515 filter pattern: parenthesized, with balanced literal parentheses. */
export function filterPatternField(value: unknown, field: string, options: PatternOptions): string {
  const text = patternField(value, field, options);
  let depth = 0;
  // Literal parentheses in filter values must be escaped (\28, \29), so every raw one is structure.
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) break;
  }
  if (!text.trim().startsWith('(') || depth !== 0) {
    throw invalid(
      field,
      `${field} ${show(text)} is not an LDAP filter: write (attribute=value) with balanced parentheses`,
    );
  }
  // Balanced is not enough: "(a=1)(b=2)" or "(=x)" would only fail when the run compiles the search.
  checkFilterSyntax(text, field);
  return text;
}

// Attribute descriptions: name or OID with options, plus the special selectors 1.1, * and +.
const ATTRIBUTE = /^(\*|\+|1\.1|@?[A-Za-z][\w-]*(;[\w-]+)*|\d+(\.\d+)+(;[\w-]+)*)$/;

/** An attribute name (or `*`, `+`, `1.1` where `selectors` allows them). */
export function attributeField(value: unknown, field: string, selectors = false): string {
  const text = stringField(value, field, true);
  const ok = ATTRIBUTE.test(text) && (selectors || /^[A-Za-z\d]/.test(text));
  if (!ok || (!selectors && text === '1.1')) {
    throw invalid(
      field,
      `${field} ${show(text)} is not an attribute name, e.g. cn or telephoneNumber`,
    );
  }
  return text;
}

/** `text` in single quotes when printable, else as the bytes inputExcerpt shows (never raw). */
function show(text: string): string {
  return inputExcerpt(text, { maxChars: 200, quote: "'" });
}

/** An add or pool template: DN with [unique] in its RDN, objectClass among the attributes. */
export function templateField(
  value: unknown,
  field: string,
  options: PatternOptions,
): EntryTemplate {
  const fields = fieldsOf(value, field, ['dn', 'attributes'], ['dn', 'attributes']);
  const dnField = child(field, 'dn');
  const dn = rdnPatternField(fields.dn, dnField, options);
  // [unique] in the RDN (the text before the first unescaped comma) makes every added DN new.
  if (!rdnHasUnique(dn, dnField, options)) {
    throw invalid(
      dnField,
      `${dnField} ${show(dn)} needs [unique] in its first RDN so concurrent adds never collide, e.g. cn=dirbench [unique],ou=Finance,o=Salford,c=gb`,
    );
  }
  const listName = child(field, 'attributes');
  const seen = new Set<string>();
  const attributes = listOf(fields.attributes, listName, 1, (item, at) => {
    const attribute = templateAttribute(item, at, options);
    const key = attribute.name.toLowerCase();
    if (seen.has(key)) {
      throw invalid(at, `${listName} names ${attribute.name} twice: list its values once`);
    }
    seen.add(key);
    return attribute;
  });
  if (!seen.has('objectclass')) {
    throw invalid(
      listName,
      `${listName} has no objectClass: an entry needs one, e.g. inetOrgPerson`,
    );
  }
  return { dn, attributes };
}

function templateAttribute(
  value: unknown,
  field: string,
  options: PatternOptions,
): TemplateAttribute {
  const fields = fieldsOf(value, field, ['name', 'values', 'repeat'], ['name', 'values']);
  const name = attributeField(fields.name, child(field, 'name'));
  const values = listOf(fields.values, child(field, 'values'), 1, (v, at) =>
    patternField(v, at, options),
  );
  const repeat = optional(fields, 'repeat', field, (v, f) => integerField(v, f, 1, MAX_REPEAT));
  return repeat === undefined ? { name, values } : { name, values, repeat };
}
