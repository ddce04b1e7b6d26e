// The Electron fuses DirBench ships with: no Node mode, no Node options or inspector from outside, app only from its asar, no file:// privileges.
import {
  FuseState,
  FuseV1Options,
  FuseVersion,
  flipFuses,
  getCurrentFuseWire,
} from '@electron/fuses';
import type { FuseConfig } from '@electron/fuses';

/**
 * Every fuse @electron/fuses knows, set explicitly. Packaging needs: the app in app.asar (native
 * addons such as better-sqlite3 unpacked beside it) with its integrity hash embedded by the packager.
 */
export const DIRBENCH_FUSES = {
  version: FuseVersion.V1,
  // ELECTRON_RUN_AS_NODE would turn the signed binary into a plain Node for any caller.
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS (--require a script) and --inspect would let another program run code inside the app.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The UI loads from app:// (electron/appProtocol.ts): file:// needs none of its extra privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
} satisfies FuseConfig;

/** The fuses whose state in `wire` differs from `wanted`, named by their index. */
export function mismatchedFuses(
  wanted: FuseConfig,
  wire: FuseConfig<FuseState>,
): { fuse: string; wanted: boolean; found: FuseState | undefined }[] {
  const states = new Map<string, unknown>(Object.entries(wire));
  // The fuse options are the numeric keys; `version` and the flags beside them are not fuses.
  const entries = Object.entries(wanted).filter(([key]) => /^\d+$/.test(key));
  return entries
    .map(([fuse, value]) => {
      const found = states.get(fuse) as FuseState | undefined;
      return { fuse, wanted: value === true, found };
    })
    .filter(({ wanted: on, found }) => found !== (on ? FuseState.ENABLE : FuseState.DISABLE));
}

/**
 * Flips DirBench's fuses on a packaged Electron binary and reads them back; throws naming the
 * fuses that did not take. `resetAdHocDarwinSignature` re-signs an unsigned Apple Silicon binary,
 * which would not start once its bytes changed. Returns the number of fuses written.
 */
export async function applyDirbenchFuses(
  binary: string,
  resetAdHocDarwinSignature: boolean,
): Promise<number> {
  const flipped = await flipFuses(binary, { ...DIRBENCH_FUSES, resetAdHocDarwinSignature });
  const wrong = mismatchedFuses(DIRBENCH_FUSES, await getCurrentFuseWire(binary));
  if (wrong.length > 0) throw new Error(`fuses not set on ${binary}: ${JSON.stringify(wrong)}`);
  return flipped;
}
