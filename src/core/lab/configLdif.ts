// Reads and edits a JVM server's cn=config LDIF (OpenDJ's config/config.ldif, ApacheDS's
// config.ldif) while the server is stopped: OpenDJ 4.9's dsconfig has no offline mode, and
// starting the server only to configure it costs seconds per lab.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dnKey } from '../ldif/dn.ts';
import { attributeValues, setAttribute } from '../ldif/edit.ts';
import { parseLdifText } from '../ldif/parse.ts';
import type { LdifRecord } from '../ldif/record.ts';
import { formatLdif } from '../ldif/write.ts';

/** An editable config.ldif; entries keep their order, comments before the first entry are kept. */
export class ConfigLdif {
  readonly #header: string[];
  readonly #entries: LdifRecord[];

  private constructor(header: string[], entries: LdifRecord[]) {
    this.#header = header;
    this.#entries = entries;
  }

  /** Parses LDIF text (folded lines are unfolded; OpenDJ itself writes them unfolded). */
  static parse(text: string): ConfigLdif {
    const comments: { text: string; line: number }[] = [];
    const entries = parseLdifText(text, 'config.ldif', (comment, line) =>
      comments.push({ text: comment, line }),
    );
    const firstLine = entries[0]?.line ?? Infinity;
    const header = comments.filter((c) => c.line < firstLine).map((c) => c.text);
    return new ConfigLdif(header, entries);
  }

  /** Reads a config.ldif file. */
  static read(path: string): ConfigLdif {
    return ConfigLdif.parse(readFileSync(path, 'utf8'));
  }

  #find(dn: string): LdifRecord | undefined {
    const key = dnKey(dn);
    return this.#entries.find((e) => dnKey(e.dn) === key);
  }

  #mustFind(dn: string): LdifRecord {
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
    return attributeValues(this.#mustFind(dn), attribute);
  }

  /** Replaces every value of `attribute` in the entry (none = remove the attribute). */
  set(dn: string, attribute: string, values: readonly string[]): void {
    // A new attribute goes before the objectClass lines: OpenDJ lists an entry's classes last.
    setAttribute(this.#mustFind(dn), attribute, values, 'objectClass');
  }

  /** Adds an entry after the last entry of its parent's subtree; throws if it exists. */
  add(dn: string, attributes: Readonly<Record<string, readonly string[]>>): void {
    if (this.has(dn)) throw new Error(`config.ldif already has ${dn}`);
    this.#entries.push({ dn, line: 0, attributes: [] });
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
    const header = this.#header.length > 0 ? `${this.#header.join('\n')}\n` : '';
    return `${header}${formatLdif(this.#entries)}`;
  }

  /** Writes the file atomically (a crash never leaves a half-written configuration). */
  write(path: string): void {
    const temp = `${path}.dirbench-tmp`;
    writeFileSync(temp, this.toString(), { mode: 0o600 });
    renameSync(temp, path);
  }
}
