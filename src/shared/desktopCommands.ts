// The contract between the desktop app's main process and the renderer: menu commands and the
// native file dialogs the preload exposes as `window.dirbenchDesktop` (absent in browser mode).

/** The screens the View menu opens, named as the renderer's hash routes. */
export const DESKTOP_PAGES = [
  'targets',
  'labs',
  'agents',
  'run',
  'matrix',
  'campaigns',
  'history',
  'compare',
  'reference',
] as const;

/** A screen the View menu opens. */
export type DesktopPage = (typeof DESKTOP_PAGES)[number];

/** What a menu item or its shortcut asks the renderer to do. */
export type DesktopCommand =
  | { command: 'show'; page: DesktopPage }
  | { command: 'new-run' }
  | { command: 'import' }
  | { command: 'export' }
  | { command: 'stop-run' }
  | { command: 'search-history' };

/** Main-to-renderer channel carrying one DesktopCommand. */
export const IPC_COMMAND = 'dirbench:command';

/** Renderer-to-main channel: show a native save dialog and write the bytes there. */
export const IPC_SAVE_FILE = 'dirbench:save-file';

/** Renderer-to-main channel: show an error the renderer cannot place on a page, as a native box. */
export const IPC_SHOW_ERROR = 'dirbench:show-error';

/** What the preload exposes beside the API bridge, as `window.dirbenchDesktop`. */
export interface DesktopBridge {
  /** Calls `listener` for each menu command; returns the unsubscribe. */
  onCommand(listener: (command: DesktopCommand) => void): () => void;
  /** Asks where to save `bytes` (native dialog, `defaultName` proposed); the path, or null when cancelled. */
  saveFile(defaultName: string, bytes: Uint8Array): Promise<string | null>;
  /** Shows `message` in a native error box titled `title`. */
  showError(title: string, message: string): Promise<void>;
}

const COMMANDS = new Set(['new-run', 'import', 'export', 'stop-run', 'search-history']);
const PAGES = new Set<string>(DESKTOP_PAGES);

/** True when `value` is a well-formed DesktopCommand (it crosses a process boundary). */
export function isDesktopCommand(value: unknown): value is DesktopCommand {
  if (typeof value !== 'object' || value === null) return false;
  const { command, page } = value as { command?: unknown; page?: unknown };
  if (command === 'show') return typeof page === 'string' && PAGES.has(page);
  return typeof command === 'string' && COMMANDS.has(command);
}
