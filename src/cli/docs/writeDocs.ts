// Entry of `npm run docs`: writes docs/cli.md and the generated sections of the docs from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDocs, REPO_ROOT } from './generatedDocs.ts';

for (const [file, text] of await generatedDocs()) {
  const path = join(REPO_ROOT, file);
  let old = '';
  try {
    old = readFileSync(path, 'utf8');
  } catch {
    // A page written for the first time (docs/cli.md in a fresh checkout of an old branch).
  }
  if (old === text) process.stdout.write(`${file}: up to date\n`);
  else {
    writeFileSync(path, text);
    process.stdout.write(`${file}: written\n`);
  }
}
