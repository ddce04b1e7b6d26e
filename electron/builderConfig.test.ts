import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, matchesGlob } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import afterPack from './afterPack.ts';
import { AFTER_PACK_HOOK, BUILDER_CONFIG, packedExecutable } from './builderConfig.ts';
import { DOCS_PAGES, docsDir, docsFile } from './docsLocation.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** A glob of the files list reduced to a regular expression (enough for the patterns used). */
function globRegExp(glob: string): RegExp {
  const body = glob
    .split('/')
    .map((part) =>
      part === '**' ? '§' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'),
    )
    .join('/')
    .replace(/§\//g, '(?:.*/)?')
    .replace(/\/§$/, '/.*');
  return new RegExp(`^${body}$`);
}

function packed(file: string): boolean {
  let included = false;
  for (const pattern of BUILDER_CONFIG.files) {
    const negated = pattern.startsWith('!');
    if (globRegExp(negated ? pattern.slice(1) : pattern).test(file)) included = !negated;
  }
  return included;
}

test('installers: AppImage and deb for Linux, dmg for macOS, NSIS for Windows', () => {
  assert.deepEqual(BUILDER_CONFIG.linux.target, ['AppImage', 'deb']);
  assert.deepEqual(BUILDER_CONFIG.mac.target, ['dmg']);
  assert.deepEqual(BUILDER_CONFIG.win.target, ['nsis']);
  assert.equal(BUILDER_CONFIG.productName, 'DirBench');
  assert.match(BUILDER_CONFIG.appId, /^[a-z]+(\.[a-z]+)+$/);
  assert.equal(BUILDER_CONFIG.nsis.oneClick, false, 'the Windows user picks where it goes');
});

test('the app is one asar with the native modules unpacked beside it', () => {
  assert.equal(BUILDER_CONFIG.asar, true);
  const unpacked = BUILDER_CONFIG.asarUnpack.map(globRegExp);
  for (const native of [
    'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
    'node_modules/better-sqlite3/lib/index.js',
    'node_modules/@resvg/resvg-js-linux-x64-gnu/resvgjs.linux-x64-gnu.node',
  ]) {
    assert.ok(
      unpacked.some((r) => r.test(native)),
      `${native} is unpacked`,
    );
  }
  assert.ok(!unpacked.some((r) => r.test('dist/electron/main.mjs')), 'code stays in the asar');
});

test('only what the app reads is packed: bundles, renderer, data, package.json', () => {
  for (const file of [
    'package.json',
    pkg.main,
    'dist/electron/preload.cjs',
    'dist/electron/worker.mjs',
    'dist/renderer/index.html',
    'dist/renderer/assets/index-abc.js',
    'data/names/given.txt',
    'data/reference/salford.json',
  ]) {
    assert.ok(packed(file), `${file} is packed`);
  }
  for (const file of [
    'src/core/app/core.ts',
    'electron/main.ts',
    'e2e/ui/harness.ts',
    'dist/electron/main.mjs.map',
    AFTER_PACK_HOOK,
    '.git/config',
    'tsconfig.json',
    'docs/README.md',
    'out/DirBench.AppImage',
  ]) {
    assert.ok(!packed(file), `${file} is not packed`);
  }
});

/** A file of the checkout as the resources folder holds it, or null when no extra resource copies it. */
function shippedAs(file: string): string | null {
  for (const { from, to, filter } of BUILDER_CONFIG.extraResources) {
    if (file === from) return to;
    const inside = file.startsWith(`${from}/`) ? file.slice(from.length + 1) : null;
    if (inside !== null && (filter ?? ['**/*']).some((glob) => matchesGlob(inside, glob)))
      return `${to}/${inside}`;
  }
  return null;
}

/** The docs pages of the checkout, relative to its top. */
function docsPages(dir = 'docs'): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? docsPages(`${dir}/${entry.name}`)
      : entry.name.endsWith('.md')
        ? [`${dir}/${entry.name}`]
        : [],
  );
}

test('the docs ship beside the app, with every picture and page their links lead to', () => {
  const pages = docsPages();
  assert.ok(pages.includes('docs/README.md') && pages.includes('docs/cli.md'), pages.join(' '));
  const unshipped = pages.flatMap((page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s#]+)[^)]*\)/g)].map((m) => m[1] ?? '');
    return [page, ...targets.filter((t) => !/^[a-z]+:/.test(t)).map((t) => join(dirname(page), t))]
      .filter((file) => shippedAs(file) !== file)
      .map((file) => `${page} -> ${file}`);
  });
  assert.deepEqual(unshipped, [], 'docs files, or files they link to, not shipped as they lie');
});

test("the Help menu opens the shipped docs when packaged and the checkout's otherwise", () => {
  const packaged = {
    packaged: true,
    appPath: '/opt/DirBench/resources/app.asar',
    resourcesPath: '/opt/DirBench/resources',
  };
  assert.equal(docsDir(packaged), '/opt/DirBench/resources/docs');
  assert.equal(docsFile(packaged, 'cli'), '/opt/DirBench/resources/docs/cli.md');
  assert.equal(shippedAs('docs/cli.md'), 'docs/cli.md');
  const checkout = { packaged: false, appPath: root, resourcesPath: '/usr/lib/electron/resources' };
  for (const page of Object.keys(DOCS_PAGES) as (keyof typeof DOCS_PAGES)[])
    assert.ok(existsSync(docsFile(checkout, page)), `${docsFile(checkout, page)} exists`);
});

test('the fuses are applied by the afterPack hook that electron/build.ts bundles', () => {
  assert.equal(BUILDER_CONFIG.afterPack, AFTER_PACK_HOOK);
  const build = readFileSync(join(root, 'electron', 'build.ts'), 'utf8');
  assert.match(build, /afterPack: 'electron\/afterPack\.ts'/);
  assert.equal(AFTER_PACK_HOOK, 'dist/electron/afterPack.cjs');
});

test('the packed executable is found on each platform', () => {
  assert.equal(
    packedExecutable('linux', '/o/linux-unpacked', 'DirBench'),
    '/o/linux-unpacked/dirbench',
  );
  assert.equal(
    packedExecutable('win32', '/o/win-unpacked', 'DirBench'),
    '/o/win-unpacked/DirBench.exe',
  );
  assert.equal(
    packedExecutable('darwin', '/o/mac-arm64', 'DirBench'),
    '/o/mac-arm64/DirBench.app/Contents/MacOS/DirBench',
  );
});

test('the afterPack hook flips the fuses on the packed Linux executable', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-pack-'));
  try {
    // The fuses test's stand-in binary: the sentinel and a V1 wire of Electron's defaults.
    const sentinel = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX');
    const wire = Buffer.from([1, 9, 49, 48, 49, 49, 48, 48, 48, 49, 49]);
    const appOutDir = join(dir, 'linux-unpacked');
    mkdirSync(appOutDir);
    writeFileSync(join(appOutDir, 'dirbench'), Buffer.concat([Buffer.alloc(64), sentinel, wire]));
    await afterPack({
      appOutDir,
      electronPlatformName: 'linux',
      arch: 1,
      packager: { appInfo: { productFilename: 'DirBench' } },
    });
    const fuses = new Map<string, unknown>(
      Object.entries(await getCurrentFuseWire(join(appOutDir, 'dirbench'))),
    );
    assert.equal(fuses.get(String(FuseV1Options.RunAsNode)), FuseState.DISABLE);
    assert.equal(
      fuses.get(String(FuseV1Options.GrantFileProtocolExtraPrivileges)),
      FuseState.DISABLE,
    );
    await assert.rejects(
      afterPack({
        appOutDir,
        electronPlatformName: 'beos',
        arch: 1,
        packager: { appInfo: { productFilename: 'DirBench' } },
      }),
      /unknown platform beos/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the package scripts write the config and call electron-builder per platform', () => {
  for (const [script, flag] of [
    ['package:linux', '--linux'],
    ['package:mac', '--mac'],
    ['package:win', '--win'],
  ] as const) {
    const command = pkg.scripts[script] ?? '';
    assert.match(command, /npm run build/);
    assert.match(command, /node electron\/writeBuilderConfig\.ts dist\/electron-builder\.json/);
    assert.match(
      command,
      new RegExp(`electron-builder@\\S+ --config dist/electron-builder\\.json ${flag}`),
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-builder-'));
  try {
    const file = join(dir, 'electron-builder.json');
    const done = spawnSync(process.execPath, [join(root, 'electron/writeBuilderConfig.ts'), file], {
      encoding: 'utf8',
    });
    assert.equal(done.status, 0, done.stderr);
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), BUILDER_CONFIG);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('react and react-dom are build-time dependencies: Vite bundles them', () => {
  for (const name of ['react', 'react-dom']) {
    assert.equal(pkg.dependencies[name], undefined, `${name} is not shipped in node_modules`);
    assert.ok(pkg.devDependencies[name], `${name} is a devDependency`);
  }
  const hosts = spawnSync(
    'git',
    [
      'grep',
      '-l',
      '-E',
      "from '(react|react-dom)(/[a-z]+)?'",
      '--',
      'src/core',
      'src/cli',
      'src/host',
      'src/shared',
      'electron',
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  assert.equal(hosts.stdout, '', 'no host code imports react at run time');
});
