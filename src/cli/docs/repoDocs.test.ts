// The docs test: every repository path, `dirbench` command line and link written in README.md,
// CONTRIBUTING.md and docs/ exists, parses (with the CLI's own parser, nothing runs) or resolves;
// and every generated page is what `npm run docs` writes.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, matchesGlob, relative } from 'node:path';
import { test } from 'node:test';
import { parseCommandLine } from '../commandLine.ts';
import { COMMANDS } from '../commands/index.ts';
import { commandArgv, commandLines, headingAnchors, linkTargets, repoPaths } from './docsRefs.ts';
import type { Mention, PathMention } from './docsRefs.ts';
import { generatedDocs, REPO_ROOT } from './generatedDocs.ts';

/** Folders that are not the project's own files. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.test-data', 'out']);

/** Every file of the repository, relative to its top, walked without the folders above. */
function repoFiles(dir = REPO_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? repoFiles(path) : [relative(REPO_ROOT, path)];
  });
}

const FILES = repoFiles();
/** The pages the test reads: the two at the top and everything under docs/. */
const PAGES = ['README.md', 'CONTRIBUTING.md', ...FILES.filter((f) => /^docs\/.*\.md$/.test(f))];
const TEXT = new Map(PAGES.map((page) => [page, readFileSync(join(REPO_ROOT, page), 'utf8')]));

function textOf(page: string): string {
  return TEXT.get(page) ?? readFileSync(join(REPO_ROOT, page), 'utf8');
}

/** `page:line: text` for a failure message. */
function where(page: string, mention: Mention): string {
  return `${page}:${mention.line}: ${mention.text}`;
}

/**
 * True when the path exists: from the top (a glob matches some file), or as the end of some file's
 * path. A recipe's placeholder such as `<kind>` stands for any one name, so it matches like `*`.
 */
function pathExists(mention: PathMention): boolean {
  const text = mention.text.replace(/<[a-z-]+>/g, '*');
  if (mention.rooted && !text.includes('*')) return existsSync(join(REPO_ROOT, text));
  const glob = mention.rooted ? text : `**/${text}`;
  const asFolder = text.endsWith('/') ? `${glob}**` : glob;
  return FILES.some((file) => matchesGlob(file, asFolder));
}

test('the docs test reads the README, CONTRIBUTING.md and the docs folder', () => {
  assert.ok(PAGES.includes('docs/README.md') && PAGES.includes('docs/cli.md'), PAGES.join(' '));
  assert.ok(PAGES.length >= 10, PAGES.join(' '));
});

test('every repository path the docs name exists', () => {
  const missing = PAGES.flatMap((page) =>
    repoPaths(textOf(page))
      .filter((m) => !pathExists(m))
      .map((m) => where(page, m)),
  );
  assert.deepEqual(missing, [], 'paths that do not exist (moved or misspelled)');
});

/** Why `line` is not a command DirBench accepts, or null when it is. */
function refusal(line: string): string | null {
  try {
    const parsed = parseCommandLine(commandArgv(line), COMMANDS);
    if (parsed.kind === 'help' && parsed.exitCode !== 0) return 'prints the overview and exits 2';
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

test('every dirbench command line in the docs parses', () => {
  const refused = PAGES.flatMap((page) =>
    commandLines(textOf(page)).flatMap((m) => {
      const why = refusal(m.text);
      return why === null ? [] : [`${where(page, m)}\n    ${why}`];
    }),
  );
  assert.deepEqual(refused, [], 'command lines the CLI refuses');
  const count = PAGES.reduce((sum, page) => sum + commandLines(textOf(page)).length, 0);
  assert.ok(count >= 100, `only ${count} command lines found: is the extraction broken?`);
});

/** Why a link target does not resolve from `page`, or null when it does. */
function brokenLink(page: string, target: string): string | null {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? page : relative(REPO_ROOT, join(REPO_ROOT, dirname(page), path));
  if (!existsSync(join(REPO_ROOT, file))) return `${file} does not exist`;
  if (anchor === undefined || !file.endsWith('.md')) return null;
  return headingAnchors(textOf(file)).has(anchor) ? null : `${file} has no heading #${anchor}`;
}

test('every link in the docs leads to a file that exists, and to a heading that exists', () => {
  const broken = PAGES.flatMap((page) =>
    linkTargets(textOf(page)).flatMap((m) => {
      const why = brokenLink(page, m.text);
      return why === null ? [] : [`${where(page, m)}: ${why}`];
    }),
  );
  assert.deepEqual(broken, [], 'broken links');
});

test('every docs page is linked from the README or another docs page', () => {
  const linked = new Set(
    PAGES.flatMap((page) =>
      linkTargets(textOf(page)).map((m) =>
        relative(REPO_ROOT, join(REPO_ROOT, dirname(page), m.text.split('#')[0] ?? '')),
      ),
    ),
  );
  const orphans = PAGES.filter((p) => p.startsWith('docs/') && !linked.has(p));
  assert.deepEqual(orphans, [], 'pages nothing links to');
});

test('the generated pages are what npm run docs writes (run it when this fails)', async () => {
  for (const [file, text] of await generatedDocs()) {
    assert.ok(text === textOf(file), `${file} is stale: run npm run docs`);
  }
});

test('the README stays a short front page', () => {
  const lines = textOf('README.md').split('\n').length - 1;
  assert.ok(lines <= 200, `README.md has ${lines} lines: move detail into docs/`);
});
