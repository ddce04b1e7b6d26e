// electron-builder's afterPack hook (bundled to dist/electron/afterPack.cjs): flips DirBench's
// fuses on the packed executable before the installers are made, and fails the build if they did not take.
import { packedExecutable } from './builderConfig.ts';
import type { PackedPlatform } from './builderConfig.ts';
import { applyDirbenchFuses } from './fuses.ts';

/** The fields of electron-builder's AfterPackContext the hook reads. */
export interface AfterPackContext {
  appOutDir: string;
  electronPlatformName: string;
  /** electron-builder's Arch enum: 3 is arm64. */
  arch: number;
  packager: { appInfo: { productFilename: string } };
}

const ARCH_ARM64 = 3;
const PLATFORMS: ReadonlySet<string> = new Set(['linux', 'darwin', 'mas', 'win32']);

/** Flips the fuses on the app electron-builder just packed. */
export default async function afterPack(context: AfterPackContext): Promise<void> {
  const platform = context.electronPlatformName;
  if (!PLATFORMS.has(platform)) throw new Error(`afterPack: unknown platform ${platform}`);
  const binary = packedExecutable(
    platform as PackedPlatform,
    context.appOutDir,
    context.packager.appInfo.productFilename,
  );
  // Changing a signed Mach-O breaks its ad-hoc signature; Apple Silicon refuses to start it then.
  const darwin = platform === 'darwin' || platform === 'mas';
  await applyDirbenchFuses(binary, darwin && context.arch === ARCH_ARM64);
  console.log(`DirBench fuses set on ${binary}`);
}
