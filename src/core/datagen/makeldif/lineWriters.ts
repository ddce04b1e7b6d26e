// How an attribute line is written in LDIF: the helpers generated code calls through `H`, and the
// code (or, for constant values, the text) of one line in each value form.
import { escapeRdnValue } from '../../ldif/dn.ts';
import { ldifLine } from '../../ldif/write.ts';
import type { LineDef } from './parse.ts';

/** Helpers the generated code calls through `H`. */
export interface Helpers {
  line: (name: string, value: string) => string;
  b64: (name: string, value: string) => string;
  url: (name: string, value: string) => string;
  esc: (value: string) => string;
  noDn: (program: number) => never;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A line given as base64: written as given when it is printable ASCII, else as data. */
function base64Line(name: string, value: string): string {
  return /^[\x21-\x7e]*$/.test(value) ? `${name}:: ${value}\n` : ldifLine(name, value);
}

/** A line given as a URL. */
function urlLine(name: string, value: string): string {
  // encodeURI throws on a lone surrogate (text from the API, not a file): write it as U+FFFD like UTF-8 would.
  return `${name}:< ${encodeURI(value.replace(LONE_SURROGATE, '\uFFFD'))}\n`;
}

/** The `H` helpers; `noDn` reports a program (by index) whose entry ended without a DN. */
export function makeHelpers(noDn: (program: number) => never): Helpers {
  return { line: ldifLine, b64: base64Line, url: urlLine, esc: escapeRdnValue, noDn };
}

/** Code writing line `l` with the value of expression `value`; `safe`: the value needs no encoding. */
export function renderLine(l: LineDef, safe: boolean, value: string): string {
  const name = JSON.stringify(l.attr);
  // A value given as base64 or a URL is written as given, unless it is not ASCII: then it is data.
  if (l.form === 'base64')
    return safe
      ? `${JSON.stringify(`${l.attr}:: `)} + ${value} + "\\n"`
      : `H.b64(${name}, ${value})`;
  if (l.form === 'url')
    return safe
      ? `${JSON.stringify(`${l.attr}:< `)} + ${value} + "\\n"`
      : `H.url(${name}, ${value})`;
  return safe ? `${JSON.stringify(`${l.attr}: `)} + ${value} + "\\n"` : `H.line(${name}, ${value})`;
}

/** The text of line `l` with the constant `value`. */
export function renderConstLine(l: LineDef, value: string): string {
  if (l.form === 'base64') return base64Line(l.attr, value);
  return l.form === 'url' ? urlLine(l.attr, value) : ldifLine(l.attr, value);
}
