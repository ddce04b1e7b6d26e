// Which DirBench this is: the version in package.json and, from a checkout, the git commit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resourcePath, resourceRoot } from './resources.ts';

/** DirBench's version from package.json. */
export function dirbenchVersion(): string {
  const pkg = JSON.parse(readFileSync(resourcePath('package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

let cachedCommit: string | null | undefined;

/** The git commit DirBench runs from, when it runs from a checkout. */
export function dirbenchCommit(): string | null {
  if (cachedCommit !== undefined) return cachedCommit;
  try {
    cachedCommit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: resourceRoot(),
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    })
      .toString()
      .trim();
  } catch {
    cachedCommit = null;
  }
  return cachedCommit;
}
