// Just enough LDIF to edit 389 DS configuration files: entries as blocks of unfolded lines, values
// written plain when RFC 2849 allows it and base64 otherwise.

/** One LDIF entry: its DN and its attribute lines (unfolded, `name: value` or `name:: base64`). */
export interface LdifBlock {
  dn: string;
  lines: string[];
}

/** True when RFC 2849 lets `value` be written as is (a SAFE-STRING: ASCII, no NUL, CR or LF). */
function isSafe(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0 || code === 10 || code === 13 || code > 127) return false;
  }
  return !/^[ :<]/.test(value) && !value.endsWith(' ');
}

/** `name: value`, or `name:: base64` when the value is not a safe string (spaces inside are fine). */
export function ldifLine(name: string, value: string): string {
  return isSafe(value)
    ? `${name}: ${value}`.trimEnd()
    : `${name}:: ${Buffer.from(value, 'utf8').toString('base64')}`;
}

/** Splits LDIF text into entries, unfolding continuation lines and dropping comments. */
export function parseLdifBlocks(text: string): LdifBlock[] {
  const blocks: LdifBlock[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n[ \t]*\n/)) {
    const lines: string[] = [];
    for (const raw of chunk.split('\n')) {
      if (raw.startsWith('#')) continue;
      if (raw.startsWith(' ') && lines.length > 0) lines[lines.length - 1] += raw.slice(1);
      else if (raw.trim() !== '') lines.push(raw);
    }
    const first = lines[0];
    if (first === undefined) continue;
    const dn = valueOf(first, 'dn');
    if (dn === null) throw new Error(`LDIF entry does not start with dn: ${first.slice(0, 80)}`);
    blocks.push({ dn, lines: lines.slice(1) });
  }
  return blocks;
}

/** The value of an attribute line when its name is `name` (any case); null otherwise. */
function valueOf(line: string, name: string): string | null {
  const match = /^([^:]+):(:?)\s?(.*)$/.exec(line);
  if (!match || (match[1] as string).toLowerCase() !== name.toLowerCase()) return null;
  const value = match[3] as string;
  return match[2] === ':' ? Buffer.from(value, 'base64').toString('utf8') : value;
}

/** Every value of `name` in a block. */
export function attributeValues(block: LdifBlock, name: string): string[] {
  return block.lines.map((l) => valueOf(l, name)).filter((v): v is string => v !== null);
}

/** Replaces every value of `name` in a block with `values` (none removes the attribute). */
export function setAttribute(block: LdifBlock, name: string, values: readonly string[]): void {
  block.lines = [
    ...block.lines.filter((l) => valueOf(l, name) === null),
    ...values.map((v) => ldifLine(name, v)),
  ];
}

/** A DN in a form fit for comparing configuration DNs: lower case, no spaces around commas. */
export function dnKey(dn: string): string {
  return dn
    .replace(/\s*,\s*/g, ',')
    .trim()
    .toLowerCase();
}

/** A new block from attribute name and value pairs. */
export function ldifBlock(
  dn: string,
  attributes: readonly (readonly [string, string])[],
): LdifBlock {
  return { dn, lines: attributes.map(([name, value]) => ldifLine(name, value)) };
}

/** LDIF text of blocks, one blank line after each entry (ns-slapd reads an empty entry as an error). */
export function formatLdif(blocks: readonly LdifBlock[]): string {
  return blocks.map((b) => `${[ldifLine('dn', b.dn), ...b.lines].join('\n')}\n\n`).join('');
}
