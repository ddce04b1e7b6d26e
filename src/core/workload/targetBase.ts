// The base DN a target can be given when its workload names its own DNs and samples nothing: the
// literal DN suffix of those patterns, else the server's first naming context.
import type { RootDseInfo } from '../../shared/targetTypes.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import { dnKey } from '../ldif/dn.ts';
import { mapWorkloadDns } from './dnFields.ts';
import type { DnRole } from '../../shared/operations/common.ts';
import { patternPieces } from './patternPieces.ts';

/** A base DN derived from a workload, with the DN patterns it was read from. */
export interface PatternSuffix {
  baseDn: string;
  /** The DN patterns whose literal tail it is, as written. */
  patterns: string[];
}

interface DnPattern {
  text: string;
  role: DnRole;
}

/** One RDN of a DN pattern, and whether a bracketed token makes it vary. */
interface RdnPart {
  text: string;
  varies: boolean;
}

/** Splits a DN pattern at commas that are neither escaped nor inside a [token]; `[[` and `]]` are literal brackets. */
function rdnParts(pattern: string): RdnPart[] {
  const parts: RdnPart[] = [];
  let text = '';
  let varies = false;
  for (const piece of patternPieces(pattern, true)) {
    if (piece.token) {
      text += piece.text;
      varies = true;
    } else if (piece.text === ',') {
      parts.push({ text: text.trim(), varies });
      text = '';
      varies = false;
    } else {
      text += piece.text;
    }
  }
  parts.push({ text: text.trim(), varies });
  return parts;
}

/** The literal RDNs a DN pattern ends with (the subtree it addresses), or [] when a token names the whole DN. */
function literalTail(dn: DnPattern): string[] {
  if (dn.text.trim() === '') return [];
  const parts = rdnParts(dn.text);
  const lastVarying = parts.map((p) => p.varies).lastIndexOf(true);
  // A literal entry DN addresses that entry: its parent is the subtree.
  const from = lastVarying >= 0 ? lastVarying + 1 : dn.role === 'entry' ? 1 : 0;
  // rdnParts has already read `[[` and `]]` as one bracket each.
  return parts.slice(from).map((p) => p.text);
}

/** The longest run of trailing RDNs every list shares, spelled as in the first list. */
function commonTail(lists: string[][]): string[] {
  const first = lists[0] ?? [];
  let n = 0;
  while (
    n < first.length &&
    lists.every(
      (l) =>
        n < l.length &&
        dnKey(l[l.length - 1 - n] as string) === dnKey(first[first.length - 1 - n] as string),
    )
  ) {
    n++;
  }
  return first.slice(first.length - n);
}

/**
 * The subtree a workload's own DN patterns address, in their literal text: `ou=People,dc=example,dc=com`
 * for `uid=user.[1-1000],ou=People,dc=example,dc=com`; shared by every pattern that has one. Null when
 * the patterns name whole DNs (`[file:dns.txt]`, `[entry:dn]`) or share no suffix.
 */
export function workloadDnSuffix(spec: WorkloadSpec): PatternSuffix | null {
  const patterns: DnPattern[] = [];
  mapWorkloadDns(spec, (text, role) => {
    patterns.push({ text, role });
    return text;
  });
  const withTail = patterns
    .map((p) => ({ text: p.text, tail: literalTail(p) }))
    .filter((p) => p.tail.length > 0);
  const tail = commonTail(withTail.map((p) => p.tail));
  if (tail.length === 0) return null;
  return { baseDn: tail.join(','), patterns: [...new Set(withTail.map((p) => p.text))] };
}

/** The server's first naming context (its root DSE lists the user data's suffixes), or null when it lists none. */
export function firstNamingContext(rootDse: RootDseInfo): string | null {
  return rootDse.namingContexts.find((dn) => dn.trim() !== '') ?? null;
}
