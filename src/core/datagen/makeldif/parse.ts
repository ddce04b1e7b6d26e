// Parser for the makeldif template language of OpenDJ/PingDS/SLAMD: constants, branches, templates, tags.
import { TemplateError } from './errors.ts';
import { inputExcerpt } from '../../../shared/inputExcerpt.ts';

/** A piece of a template line's value. */
export type Part =
  | { kind: 'text'; text: string }
  /** `<name:arg:...>`: `name` lower-cased, arguments trimmed, empty ones dropped (as StringTokenizer does). */
  | { kind: 'tag'; name: string; args: string[]; source: string }
  /** `{attr}` or `{attr:N}`: the first value of an attribute already generated in the same entry. */
  | { kind: 'attr'; attr: string; chars: number; source: string };

/** How the value is written in LDIF: `attr: v`, `attr:: base64` (given as base64) or `attr:< url`. */
export type ValueForm = 'text' | 'base64' | 'url';

/** One `attr: value` line of a branch or template. */
export interface LineDef {
  /** The attribute name as written (the LDIF uses the spelling of its first line). */
  attr: string;
  form: ValueForm;
  parts: Part[];
  line: number;
}

/** `subordinateTemplate: NAME[:COUNT]`; count -1 when none is given (OpenDJ then generates without end). */
export interface SubordinateDef {
  name: string;
  count: number;
  line: number;
}

/** A `branch: DN` block. */
export interface BranchDef {
  dn: string;
  line: number;
  subordinates: SubordinateDef[];
  lines: LineDef[];
}

/** A `template: NAME` block. */
export interface TemplateDef {
  name: string;
  line: number;
  extendsName: string | null;
  extendsLine: number;
  /** rdnAttr names as written (several joined by `+` make a multi-valued RDN). */
  rdnAttrs: string[];
  rdnLine: number;
  subordinates: SubordinateDef[];
  lines: LineDef[];
}

/** A whole template file, constants already substituted. */
export interface TemplateFileDef {
  file: string;
  /** Constants in force (defines, overridden by the caller's), lower-case names. */
  constants: Map<string, string>;
  branches: BranchDef[];
  templates: TemplateDef[];
  warnings: string[];
}

/**
 * Replaces `[name]` with defined constants, scanning from the end like OpenDJ; `\[` and `\]` are
 * not constants, and unknown names stay as written (with a warning).
 */
export function replaceConstants(
  line: string,
  constants: ReadonlyMap<string, string>,
  warn: (reason: string) => void,
): string {
  let out = line;
  let close = out.lastIndexOf(']');
  while (close > 0) {
    while (close > 0 && out[close - 1] === '\\') close = out.lastIndexOf(']', close - 1);
    if (close <= 0) break;
    const open = out.lastIndexOf('[', close);
    if (open === 0 || (open > 0 && out[open - 1] !== '\\')) {
      const name = out.slice(open + 1, close).toLowerCase();
      const value = constants.get(name);
      if (value === undefined) warn(`[${name}] is not a defined constant; kept as written`);
      else out = out.slice(0, open) + value + out.slice(close + 1);
    }
    const from = open >= 0 ? open - 1 : close - 1;
    close = from < 0 ? -1 : out.lastIndexOf(']', from);
  }
  return out;
}

const ATTR_NAME = /^(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)+)(?:;[A-Za-z0-9-]+)*$/;

/** Splits a tag body on ':' as java.util.StringTokenizer does (empty tokens vanish). */
function tokens(body: string): string[] {
  return body.split(':').filter((t) => t !== '');
}

/** Parses the value of a template line into text, `<tag>` and `{attr}` parts; `\` escapes the next character. */
export function parseValue(value: string, fail: (reason: string) => never): Part[] {
  const parts: Part[] = [];
  let buffer = '';
  let mode: 'text' | 'tag' | 'attr' = 'text';
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string;
    if (c === '\\') {
      i++;
      // A trailing backslash escapes nothing: it is kept.
      buffer += i < value.length ? (value[i] as string) : '\\';
      continue;
    }
    if (mode === 'text') {
      if (c === '<' || c === '{') {
        if (buffer !== '') parts.push({ kind: 'text', text: buffer });
        buffer = '';
        mode = c === '<' ? 'tag' : 'attr';
      } else buffer += c;
    } else if (mode === 'tag' && c === '>') {
      const args = tokens(buffer).map((a) => a.trim());
      const name = (args.shift() ?? '').toLowerCase();
      if (name === '') fail(`empty tag <${buffer}>`);
      parts.push({ kind: 'tag', name, args, source: `<${buffer}>` });
      buffer = '';
      mode = 'text';
    } else if (mode === 'attr' && c === '}') {
      const args = tokens(buffer);
      const attr = args[0];
      if (attr === undefined || args.length > 2)
        fail(`{${buffer}} must be {attribute} or {attribute:characters}`);
      let chars = 0;
      if (args.length === 2) {
        const n = args[1] as string;
        if (!/^\d+$/.test(n)) fail(`{${buffer}}: "${n}" is not a whole number of characters`);
        chars = Number(n);
      }
      parts.push({ kind: 'attr', attr, chars, source: `{${buffer}}` });
      buffer = '';
      mode = 'text';
    } else buffer += c;
  }
  if (mode !== 'text')
    fail(
      `unclosed ${mode === 'tag' ? `<${buffer}` : `{${buffer}`}: a tag needs its closing ${mode === 'tag' ? "'>'" : "'}'"}`,
    );
  if (buffer !== '') parts.push({ kind: 'text', text: buffer });
  return parts;
}

/** Parses `attr: value` (or `attr:: b64`, `attr:< url`). */
function parseLine(text: string, line: number, where: string, fail: (r: string) => never): LineDef {
  const colon = text.indexOf(':');
  if (colon < 0) fail(`${inputExcerpt(text)} in ${where} is not "attribute: value"`);
  if (colon === 0) fail(`no attribute name before ':' in ${where}`);
  const attr = text.slice(0, colon).trim();
  if (!ATTR_NAME.test(attr)) fail(`${inputExcerpt(attr)} in ${where} is not an attribute name`);
  let pos = colon + 1;
  let form: ValueForm = 'text';
  if (text[pos] === '<') {
    form = 'url';
    pos++;
  } else if (text[pos] === ':') {
    form = 'base64';
    pos++;
  }
  while (text[pos] === ' ') pos++;
  return { attr, form, parts: parseValue(text.slice(pos), fail), line };
}

/** Parses `subordinateTemplate: NAME[:COUNT]` (the label already matched). */
function parseSubordinate(text: string, line: number, fail: (r: string) => never): SubordinateDef {
  const body = text.slice('subordinateTemplate:'.length).trim();
  const colon = body.lastIndexOf(':');
  if (colon < 0) {
    if (body === '') fail('subordinateTemplate needs a template name, e.g. "person:1000"');
    return { name: body, count: -1, line };
  }
  const name = body.slice(0, colon).trim();
  const countText = body.slice(colon + 1).trim();
  if (name === '') fail('subordinateTemplate needs a template name before the count');
  if (!/^\d+$/.test(countText)) {
    fail(
      `the number of ${name} entries "${countText}" is not a whole number >= 0` +
        (countText.startsWith('[') ? ' (is the constant defined?)' : ''),
    );
  }
  const count = Number(countText);
  if (!Number.isSafeInteger(count)) fail(`the number of ${name} entries ${countText} is too large`);
  return { name, count, line };
}

/**
 * Parses a template file's text. `overrides` replace defines of the same name (like makeldif's
 * `-c name=value`). Throws TemplateError with the line number for anything malformed.
 */
export function parseTemplateText(
  text: string,
  file: string,
  overrides: ReadonlyMap<string, string> = new Map(),
): TemplateFileDef {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const constants = new Map<string, string>();
  for (const [name, value] of overrides) constants.set(name.toLowerCase(), value);
  const warnings: string[] = [];
  const branches: BranchDef[] = [];
  const templates: TemplateDef[] = [];
  const failAt =
    (lineNo: number) =>
    (reason: string): never => {
      throw new TemplateError(file, lineNo, reason);
    };
  const substitute = (raw: string, lineNo: number): string =>
    replaceConstants(raw, constants, (reason) => warnings.push(`${file}:${lineNo}: ${reason}`));
  // A block (branch or template) runs until the first blank line; its comments are left out.
  const readBlock = (start: number): { lines: BlockLine[]; next: number } => {
    const block: BlockLine[] = [];
    let i = start;
    for (; i < lines.length; i++) {
      const raw = lines[i] as string;
      if (raw.trim() === '') break;
      const text = substitute(raw, i + 1);
      if (!text.startsWith('#')) block.push({ text, line: i + 1, fail: failAt(i + 1) });
    }
    return { lines: block, next: i };
  };
  const definedLines = new Map<string, number>();

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const lineNo = i + 1;
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    const line = substitute(raw, lineNo);
    const lower = line.toLowerCase();
    const fail = failAt(lineNo);
    if (lower.startsWith('include ')) {
      fail(
        `"include" loads a Java tag class (${line.slice(8).trim()}), which DirBench cannot run; ` +
          'the built-in tags are all supported',
      );
    } else if (lower.startsWith('define ')) {
      const eq = line.indexOf('=', 7);
      if (eq < 0) fail('a define needs "=": define NAME=VALUE');
      const name = line.slice(7, eq).trim();
      if (name === '') fail('a define needs a name before "="');
      const key = name.toLowerCase();
      const earlier = definedLines.get(key);
      if (earlier !== undefined) fail(`constant ${name} is already defined on line ${earlier}`);
      definedLines.set(key, lineNo);
      const value = line.slice(eq + 1);
      if (value === '') warnings.push(`${file}:${lineNo}: constant ${name} is defined as empty`);
      // A caller's value (makeldif -c, or the entries override) wins over the file's.
      if (!overrides.has(key) && ![...overrides.keys()].some((k) => k.toLowerCase() === key))
        constants.set(key, value);
    } else if (lower.startsWith('branch:')) {
      const block = readBlock(i + 1);
      branches.push(parseBranch(blockName(line, 'branch:', 'a DN', fail), lineNo, block.lines));
      i = block.next;
    } else if (lower.startsWith('template:')) {
      const block = readBlock(i + 1);
      const name = blockName(line, 'template:', 'a name', fail);
      templates.push(parseTemplate(name, lineNo, block.lines));
      i = block.next;
    } else {
      fail(
        `unexpected line ${inputExcerpt(line)}: expected define, branch:, template:, a comment or a blank line`,
      );
    }
  }
  return { file, constants, branches, templates, warnings };
}

/** A line of a branch or template block, and how to fail naming it. */
interface BlockLine {
  text: string;
  line: number;
  fail: (reason: string) => never;
}

/** What a block's header names after its keyword (`branch: DN`, `template: NAME`); fails when empty. */
function blockName(
  header: string,
  keyword: string,
  what: string,
  fail: (r: string) => never,
): string {
  const name = header.slice(keyword.length).trim();
  if (name === '') fail(`${keyword} needs ${what}`);
  return name;
}

function parseBranch(dn: string, line: number, body: readonly BlockLine[]): BranchDef {
  const branch: BranchDef = { dn, line, subordinates: [], lines: [] };
  for (const { text, line: lineNo, fail } of body) {
    if (text.toLowerCase().startsWith('subordinatetemplate:'))
      branch.subordinates.push(parseSubordinate(text, lineNo, fail));
    else branch.lines.push(parseLine(text, lineNo, `branch ${dn}`, fail));
  }
  return branch;
}

function parseTemplate(name: string, line: number, body: readonly BlockLine[]): TemplateDef {
  const template: TemplateDef = {
    name,
    line,
    extendsName: null,
    extendsLine: 0,
    rdnAttrs: [],
    rdnLine: 0,
    subordinates: [],
    lines: [],
  };
  for (const { text, line: lineNo, fail } of body) {
    const lower = text.toLowerCase();
    const header = lower.startsWith('extends:')
      ? 'extends'
      : lower.startsWith('rdnattr:')
        ? 'rdnAttr'
        : lower.startsWith('subordinatetemplate:')
          ? 'subordinateTemplate'
          : null;
    if (header !== null && template.lines.length > 0) {
      fail(`${header} must come before the attribute lines of template ${name}`);
    }
    if (header === 'extends') {
      template.extendsName = text.slice('extends:'.length).trim();
      template.extendsLine = lineNo;
    } else if (header === 'rdnAttr') {
      const attrs = text
        .slice('rdnAttr:'.length)
        .split('+')
        .map((a) => a.trim())
        .filter((a) => a !== '');
      if (attrs.length === 0) fail('rdnAttr needs an attribute name (several joined by +)');
      for (const attr of attrs)
        if (!ATTR_NAME.test(attr)) fail(`rdnAttr "${attr}" is not an attribute name`);
      template.rdnAttrs = attrs;
      template.rdnLine = lineNo;
    } else if (header === 'subordinateTemplate') {
      template.subordinates.push(parseSubordinate(text, lineNo, fail));
    } else {
      template.lines.push(parseLine(text, lineNo, `template ${name}`, fail));
    }
  }
  return template;
}
