// Files a template reads (<file:...>, first.names, last.names): where a name resolves, and its lines, read once.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { resourcePath } from '../../base/resources.ts';

/** DirBench's own lists (names, cities, states, streets), so OpenDJ's example.template runs as is. */
export function defaultResourceDir(): string {
  return resourcePath('data', 'makeldif');
}

/** Resolves and caches the data files of one template run. */
export class TemplateResources {
  /** Folders searched in order: the one the caller named, the template's, DirBench's lists. */
  readonly dirs: string[];
  private readonly cache = new Map<string, string[]>();

  constructor(resourceDir: string | undefined, templatePath: string | null) {
    const dirs = [
      resourceDir === undefined ? null : resolve(resourceDir),
      templatePath === null ? null : dirname(resolve(templatePath)),
      defaultResourceDir(),
    ];
    this.dirs = [...new Set(dirs.filter((d) => d !== null))];
  }

  /** Where `name` is: as given when absolute, else in `dirs` in order, then in the working directory. */
  locate(name: string): string | null {
    if (isAbsolute(name)) return isFile(name) ? name : null;
    return [...this.dirs.map((d) => join(d, name)), resolve(name)].find(isFile) ?? null;
  }

  /** The places `locate` looks, for error messages. */
  searched(): string {
    return [...this.dirs, 'the working directory'].join(', ');
  }

  /** The non-empty lines of a file (CR/LF or LF), read once per run; null when there is no such file. */
  lines(name: string): string[] | null {
    const path = this.locate(name);
    if (path === null) return null;
    let lines = this.cache.get(path);
    if (lines === undefined) {
      lines = readFileSync(path, 'utf8')
        .split('\n')
        .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
        .filter((l) => l !== '');
      this.cache.set(path, lines);
    }
    return lines;
  }
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
