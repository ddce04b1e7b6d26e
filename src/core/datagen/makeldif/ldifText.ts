// LDIF and DN text rules the template engine needs: which values may be written as is, base64, RDN escaping.

const SAFE_INNER = /^[\x20-\x7e]*$/;

/** True when `value` can follow `attr: ` as is (RFC 2849 SAFE-STRING, printable ASCII, no edge spaces). */
export function isSafeValue(value: string): boolean {
  if (value === '') return true;
  const first = value.charCodeAt(0);
  // ' ', ':' and '<' cannot start a SAFE-STRING; a trailing space would be lost by many readers.
  if (first === 0x20 || first === 0x3a || first === 0x3c) return false;
  if (value.charCodeAt(value.length - 1) === 0x20) return false;
  return SAFE_INNER.test(value);
}

/** `name: value\n`, or `name:: base64\n` when the value is not a safe string. */
export function ldifLine(name: string, value: string): string {
  return isSafeValue(value)
    ? `${name}: ${value}\n`
    : `${name}:: ${Buffer.from(value, 'utf8').toString('base64')}\n`;
}

/** The properties of a piece of text that decide, before generating, whether its lines need checking. */
export interface TextProps {
  /** Only printable ASCII. */
  inner: boolean;
  /** Never starts with ' ', ':' or '<'. */
  start: boolean;
  /** Never ends with ' '. */
  end: boolean;
  /** May be empty. */
  empty: boolean;
  /** May contain a space. */
  spaces: boolean;
  /** May contain a character an RDN value escapes (`,+"\<>;#` or a control character). */
  special: boolean;
}

// Control characters are what these patterns exist to find.
// eslint-disable-next-line no-control-regex
const RDN_SPECIAL = /[,+"\\<>;#\x00-\x1f\x7f]/;

/** Properties of one known string. */
export function propsOf(text: string): TextProps {
  return {
    inner: SAFE_INNER.test(text),
    start: !(text.startsWith(' ') || text.startsWith(':') || text.startsWith('<')),
    end: !text.endsWith(' '),
    empty: text === '',
    spaces: text.includes(' '),
    special: RDN_SPECIAL.test(text),
  };
}

/** Properties that hold for every string of a set (all values of a list or file). */
export function propsOfAll(texts: readonly string[]): TextProps {
  let props: TextProps = { ...SAFE_PROPS };
  for (const text of texts) props = mergeProps(props, propsOf(text));
  return props;
}

/** Properties that hold for values that are sometimes one, sometimes the other. */
export function mergeProps(a: TextProps, b: TextProps): TextProps {
  return {
    inner: a.inner && b.inner,
    start: a.start && b.start,
    end: a.end && b.end,
    empty: a.empty || b.empty,
    spaces: a.spaces || b.spaces,
    special: a.special || b.special,
  };
}

/** Nothing is known: the line is checked when generated. */
export const UNKNOWN_PROPS: TextProps = {
  inner: false,
  start: false,
  end: false,
  empty: true,
  spaces: true,
  special: true,
};
/** Printable ASCII without spaces or RDN specials, never empty (numbers, GUIDs, plain words). */
export const SAFE_PROPS: TextProps = {
  inner: true,
  start: true,
  end: true,
  empty: false,
  spaces: false,
  special: false,
};

/** Whether a value made of parts with these properties, in this order, is always a safe string. */
export function partsAreSafe(parts: readonly TextProps[]): boolean {
  if (!parts.every((p) => p.inner)) return false;
  for (const p of parts) {
    if (!p.start) return false;
    if (!p.empty) break;
  }
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i] as TextProps;
    if (!p.end) return false;
    if (!p.empty) break;
  }
  return true;
}

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

/** Properties of a value made of these parts in order. */
export function combine(parts: readonly TextProps[]): TextProps {
  const safe = partsAreSafe(parts);
  return {
    inner: parts.every((p) => p.inner),
    start: safe,
    end: safe,
    empty: parts.every((p) => p.empty),
    spaces: parts.some((p) => p.spaces),
    special: parts.some((p) => p.special),
  };
}
