// DN text (RFC 4514): parsing into RDNs, formatting with escapes, splitting, and the key that tells
// whether two spellings of a DN name the same entry.

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[,+"\\<>;\x00-\x1f\x7f]|^[ #]| $/;

/** Escapes an attribute value for use in an RDN (RFC 4514); control characters become \XX so a DN is one line. */
export function escapeRdnValue(value: string): string {
  if (value === '') return value;
  if (!NEEDS_ESCAPE.test(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string;
    const code = c.charCodeAt(0);
    if (code < 0x20 || code === 0x7f)
      out += `\\${code.toString(16).padStart(2, '0').toUpperCase()}`;
    else if (',+"\\<>;'.includes(c)) out += `\\${c}`;
    else if ((i === 0 && (c === ' ' || c === '#')) || (i === value.length - 1 && c === ' '))
      out += `\\${c}`;
    else out += c;
  }
  return out;
}

/** One attribute-value pair of an RDN, the value unescaped. */
export interface Ava {
  attr: string;
  value: string;
}

/** Splits a DN string into RDNs of AVAs (RFC 4514), unescaping values; throws a reason on bad syntax. */
export function parseDn(dn: string): Ava[][] {
  const rdns: Ava[][] = [];
  if (dn.trim() === '') return rdns;
  let i = 0;
  const n = dn.length;
  let rdn: Ava[] = [];
  for (;;) {
    while (i < n && dn[i] === ' ') i++;
    const eq = dn.indexOf('=', i);
    if (eq < 0) throw new Error(`"${dn.slice(i)}" has no "="`);
    const attr = dn.slice(i, eq).trim();
    if (!/^(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)*)$/.test(attr))
      throw new Error(`"${attr}" is not an attribute name`);
    i = eq + 1;
    while (i < n && dn[i] === ' ') i++;
    let value = '';
    let trailingSpaces = 0;
    for (; i < n; i++) {
      const c = dn[i] as string;
      if (c === ',' || c === '+' || c === ';') break;
      if (c === '\\') {
        const next = dn.slice(i + 1, i + 3);
        if (/^[0-9A-Fa-f]{2}$/.test(next)) {
          // Hex pairs are UTF-8 bytes: collect a run of them and decode together.
          const bytes: number[] = [];
          while (dn[i] === '\\' && /^[0-9A-Fa-f]{2}$/.test(dn.slice(i + 1, i + 3))) {
            bytes.push(parseInt(dn.slice(i + 1, i + 3), 16));
            i += 3;
          }
          i--;
          value += Buffer.from(bytes).toString('utf8');
        } else if (i + 1 < n) {
          value += dn[i + 1] as string;
          i++;
        } else throw new Error('it ends with a lone backslash');
        trailingSpaces = 0;
      } else {
        value += c;
        trailingSpaces = c === ' ' ? trailingSpaces + 1 : 0;
      }
    }
    // Unescaped spaces before a separator are not part of the value.
    if (trailingSpaces > 0) value = value.slice(0, value.length - trailingSpaces);
    rdn.push({ attr, value });
    if (i >= n) {
      rdns.push(rdn);
      return rdns;
    }
    const sep = dn[i];
    i++;
    if (sep !== '+') {
      rdns.push(rdn);
      rdn = [];
    }
  }
}

/** The DN string of RDNs, each value escaped. */
export function formatDn(rdns: readonly (readonly Ava[])[]): string {
  return rdns
    .map((rdn) => rdn.map((a) => `${a.attr}=${escapeRdnValue(a.value)}`).join('+'))
    .join(',');
}

/** Splits a DN string at its unescaped commas (the RDN strings, escapes kept). */
export function splitDn(dn: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < dn.length; i++) {
    const c = dn[i];
    if (c === '\\') i++;
    else if (c === ',') {
      out.push(dn.slice(start, i));
      start = i + 1;
    }
  }
  if (dn !== '') out.push(dn.slice(start));
  return out;
}

/** The index of the '"' closing a quoted value opened at `open`, or the last index if none does. */
function quoteEnd(dn: string, open: number): number {
  for (let i = open + 1; i < dn.length; i++) {
    if (dn[i] === '\\') i++;
    else if (dn[i] === '"') return i;
  }
  return dn.length - 1;
}

/**
 * A DN's comparison key: lower case, without the blanks people put around ',', '+' and '=' or at
 * either end. Escaped and quoted characters (389 DS names mapping trees `cn="o=x,c=gb"`) are kept as
 * written; escapes are not decoded, so `\2C` and `\,` still differ.
 */
export function dnKey(dn: string): string {
  let out = '';
  // Blanks are held back until something other than a separator or the end follows them.
  let blanks = '';
  let afterSeparator = true;
  for (let i = 0; i < dn.length; i++) {
    const c = dn[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (!afterSeparator) blanks += c;
      continue;
    }
    if (c === ',' || c === '+' || c === '=') {
      out += c;
      blanks = '';
      afterSeparator = true;
      continue;
    }
    out += blanks;
    blanks = '';
    afterSeparator = false;
    const end = c === '\\' ? i + 1 : c === '"' ? quoteEnd(dn, i) : i;
    out += dn.slice(i, end + 1);
    i = end;
  }
  return out.toLowerCase();
}
