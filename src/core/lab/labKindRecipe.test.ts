// CONTRIBUTING.md's "Add a lab kind" checked against the code: every product file outside a kind's
// driver folder that names the kind (its string literal, its object key or property, an import of
// its folder) is one of the product files the recipe lists, so the recipe cannot rot.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { test } from 'node:test';
import { LAB_KIND_LIST } from '../../shared/labKinds.ts';
import type { LabKind } from '../../shared/labKinds.ts';

const ROOT = join(import.meta.dirname, '../../..');

/** Each kind's driver folder under src/core/lab (a new kind adds its own). */
const FOLDERS: Readonly<Record<LabKind, string>> = {
  openldap: 'openldap',
  '389ds': 'ds389',
  opendj: 'opendj',
  apacheds: 'apacheds',
  'samba-ad': 'sambaAd',
};

/** Files that name kinds and that a new kind never edits, with the reason. */
const NEVER_EDITED: Readonly<Record<string, string>> = {
  'src/core/store/migrations.ts':
    'migration 6 filled the vendors of old runs once; applied migrations never change',
};

/** Most product files a new kind may touch besides its folder (the bar). */
const MAX_RECIPE_FILES = 3;

/** The "Add a lab kind" section of CONTRIBUTING.md. */
function recipeSection(): string {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const start = text.indexOf('### Add a lab kind');
  assert.ok(start >= 0, 'CONTRIBUTING.md has no "### Add a lab kind" section');
  const end = text.indexOf('\n#', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The backquoted repository paths in `text` (placeholders such as `<kind>` left out). */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/`((?:src|e2e|data)\/[^`<>\s]*)`/g)].map((m) => m[1] as string);
}

/** The product files the recipe lists on its "Product files outside the folder:" line. */
function recipeFiles(section: string): string[] {
  const line = /Product files outside the folder:([^\n]*)/.exec(section)?.[1];
  assert.ok(line !== undefined, 'the recipe has no "Product files outside the folder:" line');
  return pathsIn(line);
}

/** Product sources: src and electron, without tests, fuzz tests, fixtures and test support. */
function productFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) files.push(relative(ROOT, path).split(sep).join('/'));
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'electron'));
  return files.filter(
    (f) =>
      !/\.test\.tsx?$/.test(f) && !/Fixtures?\.ts$/.test(f) && !f.startsWith('src/core/testing/'),
  );
}

/** Patterns by which source names `kind`: its literal, its key or property (identifiers), its folder. */
function namingPatterns(kind: LabKind): RegExp[] {
  const escaped = kind.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  const patterns = [
    new RegExp(`(['"\`])${escaped}\\1`),
    new RegExp(`from\\s+['"][^'"]*/${FOLDERS[kind]}/`),
  ];
  if (/^[A-Za-z_$][\w$]*$/.test(kind)) {
    patterns.push(
      new RegExp(`(^|[{,])[ \\t]*${kind}\\??\\s*:`, 'm'),
      new RegExp(`[\\w)\\]]\\.${kind}\\b`),
    );
  }
  return patterns;
}

/** Product files outside `kind`'s folder that name it. */
function filesNaming(kind: LabKind, files: readonly string[]): string[] {
  const folder = `src/core/lab/${FOLDERS[kind]}/`;
  const patterns = namingPatterns(kind);
  return files.filter((file) => {
    if (file.startsWith(folder)) return false;
    const text = readFileSync(join(ROOT, file), 'utf8');
    return patterns.some((pattern) => pattern.test(text));
  });
}

test('the recipe lists at most 3 product files besides the driver folder, and they exist', () => {
  const files = recipeFiles(recipeSection());
  assert.ok(files.length > 0 && files.length <= MAX_RECIPE_FILES, files.join(', '));
  for (const file of files) assert.ok(existsSync(join(ROOT, file)), `${file} does not exist`);
});

test('every path the recipe names exists, and every kind has its driver folder', () => {
  for (const path of pathsIn(recipeSection()))
    assert.ok(existsSync(join(ROOT, path)), `CONTRIBUTING.md names ${path}, which does not exist`);
  for (const kind of LAB_KIND_LIST)
    assert.ok(existsSync(join(ROOT, 'src/core/lab', FOLDERS[kind], 'index.ts')), kind);
});

test('each kind is named outside its folder only by the files the recipe lists', () => {
  const allowed = new Set([...recipeFiles(recipeSection()), ...Object.keys(NEVER_EDITED)]);
  const files = productFiles();
  const extra: string[] = [];
  for (const kind of LAB_KIND_LIST) {
    const naming = filesNaming(kind, files);
    extra.push(...naming.filter((file) => !allowed.has(file)).map((file) => `${kind}: ${file}`));
    // The check sees what it is meant to see: the row and the registration name every kind.
    assert.ok(naming.includes('src/shared/labKinds.ts'), `${kind}: not seen in its row`);
    assert.ok(naming.includes('src/core/lab/drivers.ts'), `${kind}: not seen in drivers.ts`);
  }
  assert.deepEqual(extra, [], 'kinds named outside their folder by files the recipe does not list');
});

test('the naming patterns find a kind in each of the ways code names it, and only then', () => {
  const named = (kind: LabKind, text: string) => namingPatterns(kind).some((p) => p.test(text));
  assert.ok(named('389ds', "const k = '389ds';"));
  assert.ok(named('opendj', 'const t = {\n  opendj: 1,\n};'));
  assert.ok(named('opendj', 'const t = {\n  // measured\n  opendj: 1,\n};'));
  assert.ok(named('opendj', 'const t = { a: 1, opendj: 2 };'));
  assert.ok(named('opendj', 'LAB_KINDS.opendj.title'));
  assert.ok(named('samba-ad', "import { x } from '../lab/sambaAd/index.ts';"));
  assert.ok(!named('opendj', "const format = 'opendj-csv';"));
  assert.ok(!named('opendj', "import { openDjFormat } from './import/opendjCsv.ts';"));
  assert.ok(!named('openldap', "'dirbench lab start openldap --entries 10000'"));
});
