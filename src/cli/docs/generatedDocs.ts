// What `npm run docs` writes: docs/cli.md whole, and the generated sections of hand-written pages
// (the exit codes, the rate-tool options), each formatted by Prettier as `npm run lint` checks it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { COMMANDS } from '../commands/index.ts';
import { rateToolDocsTable } from '../rateToolTranslate.ts';
import { cliReference } from './cliReference.ts';
import { exitCodeTable } from './exitCodeTable.ts';
import { withSection } from './generatedSection.ts';

/** The repository's top folder, which the page paths below are relative to. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** One generated page, or one generated section of a page (`section` names its markers). */
interface GeneratedPart {
  readonly file: string;
  readonly section?: string;
  readonly render: () => string;
}

/** Every part `npm run docs` writes, in the order it writes them. */
const GENERATED: readonly GeneratedPart[] = [
  { file: 'docs/cli.md', render: () => cliReference(COMMANDS) },
  { file: 'docs/ci-gates.md', section: 'exit-codes', render: exitCodeTable },
  // Prettier would pad the hundred rows to the widest cell: the table stays as written.
  {
    file: 'docs/rate-tools.md',
    section: 'rate-tool-options',
    render: () => `<!-- prettier-ignore -->\n${rateToolDocsTable()}`,
  },
];

/** A page's text with its generated part rendered in, before formatting. */
function rendered(part: GeneratedPart, root: string): string {
  if (part.section === undefined) return part.render();
  const page = readFileSync(join(root, part.file), 'utf8');
  return withSection(page, part.section, part.render(), part.file);
}

/** `text` formatted by Prettier with the repository's settings, as a Markdown file at `path`. */
async function prettierMarkdown(text: string, path: string): Promise<string> {
  const options = await resolveConfig(path);
  return format(text, { ...options, parser: 'markdown', filepath: path });
}

/** Each generated file (relative path) and the text `npm run docs` gives it. */
export async function generatedDocs(root = REPO_ROOT): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const part of GENERATED) {
    const path = join(root, part.file);
    pages.set(part.file, await prettierMarkdown(rendered(part, root), path));
  }
  return pages;
}
