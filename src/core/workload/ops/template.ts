// Expands an add template into a DN and its attributes, the RDN value included as LDAP requires.
import type { EntryTemplate } from '../../../shared/workload.ts';
import type { OpContext } from '../opContext.ts';
import type { ValuePattern } from '../../pattern/index.ts';
import type { OpTools } from './opTypes.ts';

/** One expanded entry, ready for client.add. */
export interface ExpandedEntry {
  dn: string;
  attributes: Record<string, string[]>;
}

/** The attribute and value of a DN's first RDN (`cn=a b,ou=x` -> ['cn', 'a b']); null when it has none. */
export function firstRdn(dn: string): [string, string] | null {
  const match = /^\s*([^=,+\s]+)\s*=\s*((?:[^,+\\]|\\.)*)/.exec(dn);
  if (match === null) return null;
  return [match[1] as string, (match[2] as string).trim()];
}

/** Compiles a template into a function expanding it for the next add. */
export function templateExpander(
  template: EntryTemplate,
  tools: OpTools,
): (ctx: OpContext) => ExpandedEntry {
  const dn = tools.pattern(template.dn);
  const attributes = template.attributes.map((a) => ({
    name: a.name,
    values: a.values.map((v) => tools.pattern(v)),
    repeat: a.repeat ?? 1,
  }));
  return (ctx) => {
    const entryDn = dn.next(ctx);
    // No prototype: attribute names such as constructor or toString are keys like any other.
    const out = Object.create(null) as Record<string, string[]>;
    for (const { name, values, repeat } of attributes) {
      const list = (out[name] ??= []);
      for (let i = 0; i < repeat; i++) for (const v of values) list.push(v.next(ctx));
    }
    addRdnValue(out, entryDn);
    dedupe(out, attributes);
    return { dn: entryDn, attributes: out };
  };
}

function addRdnValue(attributes: Record<string, string[]>, dn: string): void {
  const rdn = firstRdn(dn);
  if (rdn === null) return;
  const [name, value] = rdn;
  const key = Object.keys(attributes).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
  const values = (attributes[key] ??= []);
  if (!values.includes(value)) values.unshift(value);
}

/** Repeated random values may collide; a server rejects duplicate values, so they are dropped. */
function dedupe(
  attributes: Record<string, string[]>,
  compiled: readonly { name: string; values: readonly ValuePattern[]; repeat: number }[],
): void {
  for (const { name, repeat, values } of compiled) {
    if (repeat * values.length <= 1) continue;
    const list = attributes[name];
    if (list !== undefined) attributes[name] = [...new Set(list)];
  }
}
