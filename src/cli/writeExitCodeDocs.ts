// Entry of `npm run docs:exit-codes`: rewrites the exit-code table in README.md from EXIT_CODES.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withExitCodeTable } from './exitCodeDocs.ts';

const readmeFile = fileURLToPath(new URL('../../README.md', import.meta.url));
const readme = readFileSync(readmeFile, 'utf8');
const written = withExitCodeTable(readme);
if (written === readme) process.stdout.write('README.md: the exit-code table is up to date\n');
else {
  writeFileSync(readmeFile, written);
  process.stdout.write('README.md: the exit-code table was rewritten from EXIT_CODES\n');
}
