// Moving DNs from one subtree to another: a lab kind that must keep a shape's entries under a
// different suffix (Samba AD keeps them inside its domain) rebases the shape's DNs onto it.
import { dnKey } from './dn.ts';

/** A subtree move: DNs ending in `from` end in `to` instead (`c=gb` -> `c=gb,DC=dirbench,DC=test`). */
export interface DnRebase {
  from: string;
  to: string;
}

/**
 * `dn` moved from under `rebase.from` to under `rebase.to`; unchanged when it does not end in
 * `from`. Works on text, so a value pattern's literal tail moves and its [tokens] stay as written.
 */
export function rebaseDn(dn: string, rebase: DnRebase): string {
  const fromKey = dnKey(rebase.from);
  if (dnKey(dn) === fromKey) return rebase.to;
  // The tail after each unescaped comma, longest first: the first that names `from` is replaced.
  for (let i = 0; i < dn.length; i++) {
    const c = dn[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === ',' && dnKey(dn.slice(i + 1)) === fromKey) return `${dn.slice(0, i + 1)}${rebase.to}`;
  }
  return dn;
}
