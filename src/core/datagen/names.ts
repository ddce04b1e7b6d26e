// The first and last name lists from data/names, read once and checked to be plain ASCII letters.
import { readFileSync } from 'node:fs';
import { resourcePath } from '../base/resources.ts';

/** The name pools person entries are drawn from. */
export interface NameLists {
  first: readonly string[];
  last: readonly string[];
}

let cached: NameLists | null = null;

/** The name lists, loaded synchronously on first use. */
export function loadNames(): NameLists {
  cached ??= {
    first: readNameFile('first-names.txt'),
    last: readNameFile('last-names.txt'),
  };
  return cached;
}

/** Reads one list: a name per line; blank lines and `#` comments are skipped. */
function readNameFile(fileName: string): string[] {
  const path = resourcePath('data', 'names', fileName);
  const names: string[] = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  for (const [i, raw] of lines.entries()) {
    const name = raw.trim();
    if (name === '' || name.startsWith('#')) continue;
    // Letters only keeps DNs, filters and mail addresses free of anything that needs escaping.
    if (!/^[A-Za-z]+$/.test(name)) {
      throw new Error(`${path}:${i + 1}: "${name}" is not plain ASCII letters`);
    }
    names.push(name);
  }
  if (names.length === 0) throw new Error(`${path} holds no names`);
  return names;
}
