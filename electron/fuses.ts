// The Electron fuses DirBench ships with: no Node mode, no Node options or inspector from outside, app only from its asar.
import { FuseV1Options, FuseVersion } from '@electron/fuses';
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
  // The UI is loaded from file:// as ES modules, which need file://'s extra privileges to load.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: true,
  [FuseV1Options.WasmTrapHandlers]: true,
} satisfies FuseConfig;
