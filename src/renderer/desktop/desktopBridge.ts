// The desktop bridge the Electron preload exposes beside the API (menu commands, native save
// dialog, error box); null in browser mode.
import type { DesktopBridge } from '../../shared/desktopCommands.ts';

declare global {
  interface Window {
    /** Exposed by electron/preload.ts; absent in browser mode. */
    dirbenchDesktop?: DesktopBridge;
  }
}

/** The desktop bridge when the page runs in the DirBench app, else null. */
export function desktopBridge(): DesktopBridge | null {
  return typeof window !== 'undefined' ? (window.dirbenchDesktop ?? null) : null;
}
