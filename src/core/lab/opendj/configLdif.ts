// Reads and edits OpenDJ's config/config.ldif while the server is stopped: OpenDJ 4.9's dsconfig
// has no offline mode, and starting the server only to configure it costs seconds per lab.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** One attribute line of an entry: the name as written, the separator (":" or "::") and the value. */
interface AttributeLine {
  name: string;
  separator: ':' | '::' | ':<';
  value: string;
}

/** One entry of the configuration. */
interface ConfigEntry {
  dn: string;
  attributes: AttributeLine[];
}

/** DNs compare case-insensitively and without the spaces around "," and "=" people add. */
function dnKey(dn: string): string {
  return dn
    .replace(/\s*([,=])\s*/g, '$1')
    .trim()
    .toLowerCase();
}

function parseLine(line: string): AttributeLine {
  const match = /^([^:]+)(::|:<|:) ?(.*)$/.exec(line);
  if (match === null) throw new Error(`config.ldif: cannot parse "${line.slice(0, 80)}"`);
  return {
    name: match[1] as string,
    separator: match[2] as AttributeLine['separator'],
    value: match[3] as string,
  };
}

/** An editable config.ldif; entries keep their order, comments before the first entry are kept. */
export class ConfigLdif {
  readonly #header: string[];
  readonly #entries: ConfigEntry[];

  private constructor(header: string[], entries: ConfigEntry[]) {
    this.#header = header;
    this.#entries = entries;
  }

  /** Parses LDIF text (folded lines are unfolded; OpenDJ itself writes them unfolded). */
  static parse(text: string): ConfigLdif {
    const header: string[] = [];
    const entries: ConfigEntry[] = [];
    let current: ConfigEntry | null = null;
    const logical: string[] = [];
    for (const raw of text.split(/\r?\n/)) {
      if (raw.startsWith(' ') && logical.length > 0) {
        logical[logical.length - 1] += raw.slice(1);
      } else {
        logical.push(raw);
      }
    }
    for (const line of logical) {
      if (line === '') {
        current = null;
        continue;
      }
      if (line.startsWith('#')) {
        if (entries.length === 0) header.push(line);
        continue;
      }
      const attr = parseLine(line);
      if (current === null) {
        if (attr.name.toLowerCase() !== 'dn')
          throw new Error(`config.ldif: entry without dn at "${line}"`);
        current = { dn: attr.value, attributes: [] };
        entries.push(current);
      } else {
        current.attributes.push(attr);
      }
    }
    return new ConfigLdif(header, entries);
  }

  /** Reads a config.ldif file. */
  static read(path: string): ConfigLdif {
    return ConfigLdif.parse(readFileSync(path, 'utf8'));
  }

  #find(dn: string): ConfigEntry | undefined {
    const key = dnKey(dn);
    return this.#entries.find((e) => dnKey(e.dn) === key);
  }

  #mustFind(dn: string): ConfigEntry {
    const entry = this.#find(dn);
    if (entry === undefined) throw new Error(`config.ldif has no entry ${dn}`);
    return entry;
  }

  /** True when the entry exists. */
  has(dn: string): boolean {
    return this.#find(dn) !== undefined;
  }

  /** Plain values of an attribute (base64 values are decoded); [] when absent. */
  values(dn: string, attribute: string): string[] {
    const name = attribute.toLowerCase();
    return this.#mustFind(dn)
      .attributes.filter((a) => a.name.toLowerCase() === name)
      .map((a) =>
        a.separator === '::' ? Buffer.from(a.value, 'base64').toString('utf8') : a.value,
      );
  }

  /** Replaces every value of `attribute` in the entry (none = remove the attribute). */
  set(dn: string, attribute: string, values: readonly string[]): void {
    const entry = this.#mustFind(dn);
    const name = attribute.toLowerCase();
    const first = entry.attributes.findIndex((a) => a.name.toLowerCase() === name);
    const lines = values.map((value): AttributeLine => {
      // LDIF needs base64 for values with leading spaces, colons or '<', or non-ASCII bytes.
      const safe = /^[^\s:<][\x20-\x7e]*$/.test(value) && !value.endsWith(' ');
      return safe
        ? { name: attribute, separator: ':', value }
        : {
            name: attribute,
            separator: '::',
            value: Buffer.from(value, 'utf8').toString('base64'),
          };
    });
    const rest = entry.attributes.filter((a) => a.name.toLowerCase() !== name);
    // Keep the attribute where it was; new attributes go before the objectClass lines.
    let at = first >= 0 ? first : rest.findIndex((a) => a.name.toLowerCase() === 'objectclass');
    if (at < 0) at = rest.length;
    rest.splice(Math.min(at, rest.length), 0, ...lines);
    entry.attributes = rest;
  }

  /** Adds an entry after the last entry of its parent's subtree; throws if it exists. */
  add(dn: string, attributes: Readonly<Record<string, readonly string[]>>): void {
    if (this.has(dn)) throw new Error(`config.ldif already has ${dn}`);
    const entry: ConfigEntry = { dn, attributes: [] };
    this.#entries.push(entry);
    for (const [name, values] of Object.entries(attributes)) this.set(dn, name, values);
  }

  /** Removes an entry and everything below it; returns how many entries went. */
  remove(dn: string): number {
    const key = dnKey(dn);
    const before = this.#entries.length;
    const keep = this.#entries.filter((e) => {
      const k = dnKey(e.dn);
      return k !== key && !k.endsWith(`,${key}`);
    });
    this.#entries.splice(0, this.#entries.length, ...keep);
    return before - keep.length;
  }

  /** DNs of the entries directly below `dn`. */
  children(dn: string): string[] {
    const key = dnKey(dn);
    return this.#entries
      .map((e) => e.dn)
      .filter((d) => {
        const k = dnKey(d);
        if (!k.endsWith(`,${key}`)) return false;
        // Only one RDN above the parent (config RDN values contain no escaped commas).
        return !k.slice(0, k.length - key.length - 1).includes(',');
      });
  }

  /** The LDIF text, one attribute per line as OpenDJ writes it. */
  toString(): string {
    const blocks = this.#entries.map((e) =>
      [`dn: ${e.dn}`, ...e.attributes.map((a) => `${a.name}${a.separator} ${a.value}`)].join('\n'),
    );
    const header = this.#header.length > 0 ? `${this.#header.join('\n')}\n` : '';
    return `${header}${blocks.join('\n\n')}\n\n`;
  }

  /** Writes the file atomically (a crash never leaves a half-written configuration). */
  write(path: string): void {
    const temp = `${path}.dirbench-tmp`;
    writeFileSync(temp, this.toString(), { mode: 0o600 });
    renameSync(temp, path);
  }
}
