// The electron-builder configuration (AppImage and deb, dmg, NSIS), typed here so unit tests can
// hold it to what the app needs. electron/writeBuilderConfig.ts writes it as the JSON that
// `electron-builder --config FILE` reads (the package:* scripts do both).
/** Files copied beside the app, outside the asar: `from` in the checkout, `to` in the resources folder. */
interface ExtraResource {
  from: string;
  to: string;
  filter?: string[];
}

/** The subset of electron-builder's Configuration DirBench sets (electron-builder is not a dependency). */
export interface BuilderConfig {
  appId: string;
  productName: string;
  copyright: string;
  directories: { output: string; buildResources: string };
  files: string[];
  extraResources: ExtraResource[];
  asar: boolean;
  asarUnpack: string[];
  afterPack: string;
  npmRebuild: boolean;
  linux: {
    target: string[];
    category: string;
    executableName: string;
    synopsis: string;
    maintainer: string;
  };
  deb: { priority: string };
  mac: { target: string[]; category: string };
  dmg: { title: string };
  win: { target: string[]; executableName: string };
  nsis: { oneClick: boolean; perMachine: boolean; allowToChangeInstallationDirectory: boolean };
}

/** The packaged app's executable on Linux (also the name the deb installs). */
export const LINUX_EXECUTABLE = 'dirbench';

/** The hook electron/build.ts bundles from electron/afterPack.ts. */
export const AFTER_PACK_HOOK = 'dist/electron/afterPack.cjs';

/** What `npm run package:*` gives electron-builder. */
export const BUILDER_CONFIG: BuilderConfig = {
  appId: 'dev.dirbench.app',
  productName: 'DirBench',
  copyright: 'Copyright © DirBench contributors, MIT licence',
  // build/ holds icon.png / icon.icns / icon.ico when present; electron-builder finds them there.
  directories: { output: 'out', buildResources: 'build' },
  // The app reads package.json (version), data/ (names, catalogs, matrices, reference tables) and
  // the built renderer and main bundles; production node_modules are added by electron-builder.
  files: [
    'package.json',
    'data/**/*',
    'dist/renderer/**/*',
    'dist/electron/**/*',
    `!${AFTER_PACK_HOOK}`,
    '!dist/**/*.map',
  ],
  // The Help menu opens the docs in the system's viewer, which cannot read inside app.asar; the
  // pictures and pages they link to go beside them, so that every link in them works there too.
  extraResources: [
    { from: 'docs', to: 'docs', filter: ['**/*.md'] },
    { from: 'e2e/screenshots', to: 'e2e/screenshots', filter: ['*.png'] },
    { from: 'data', to: 'data', filter: ['**/README.md'] },
    { from: 'README.md', to: 'README.md' },
    { from: 'CONTRIBUTING.md', to: 'CONTRIBUTING.md' },
  ],
  asar: true,
  // Native addons cannot be loaded from inside app.asar.
  asarUnpack: ['node_modules/better-sqlite3/**/*', 'node_modules/@resvg/**/*.node'],
  afterPack: AFTER_PACK_HOOK,
  // better-sqlite3 is rebuilt against Electron's Node ABI while packing.
  npmRebuild: true,
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Development',
    executableName: LINUX_EXECUTABLE,
    synopsis: 'Benchmark LDAP directory servers',
    // The deb's Maintainer field; without it electron-builder asks for an author in package.json.
    maintainer: 'DirBench contributors',
  },
  deb: { priority: 'optional' },
  mac: { target: ['dmg'], category: 'public.app-category.developer-tools' },
  dmg: { title: 'DirBench ${version}' },
  win: { target: ['nsis'], executableName: 'DirBench' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
};

/** electron-builder's platform names for the packed app. */
export type PackedPlatform = 'linux' | 'darwin' | 'mas' | 'win32';

/** The Electron executable inside a packed app folder, the file the fuses are flipped on. */
export function packedExecutable(
  platform: PackedPlatform,
  appOutDir: string,
  productFilename: string,
): string {
  switch (platform) {
    case 'linux':
      return `${appOutDir}/${LINUX_EXECUTABLE}`;
    case 'win32':
      return `${appOutDir}/${BUILDER_CONFIG.win.executableName}.exe`;
    case 'darwin':
    case 'mas':
      return `${appOutDir}/${productFilename}.app/Contents/MacOS/${productFilename}`;
  }
}
