// The application menu as data (Menu.buildFromTemplate builds it in main.ts): DirBench's own
// commands and shortcuts in place of Electron's default menu and its links to electronjs.org.
import type { MenuItemConstructorOptions } from 'electron';
import type { DesktopCommand, DesktopPage } from '../src/shared/desktopCommands.ts';
import type { DocsPage } from './docsLocation.ts';

/** What the menu needs from its host: where it runs and what its items do. */
export interface MenuContext {
  /** process.platform: macOS gets the application menu and Window conventions. */
  platform: NodeJS.Platform;
  /** Development builds (not packaged) get reload and the developer tools. */
  development: boolean;
  /** Sends a command to the window's renderer. */
  send: (command: DesktopCommand) => void;
  /** Shows the About box. */
  showAbout: () => void;
  /** Opens a page of the docs that ship with the app. */
  openDocs: (page: DocsPage) => void;
}

/** The View menu's screens in the sidebar's order (Compare, under History there, last), with their labels. */
const PAGE_LABELS: Record<DesktopPage, string> = {
  targets: 'Targets',
  labs: 'Labs',
  agents: 'Agents',
  run: 'New Run',
  matrix: 'Matrices',
  campaigns: 'Campaigns',
  history: 'History',
  compare: 'Compare',
  reference: 'Published Figures',
};

/** The View menu's screens in menu order; item i has the shortcut CmdOrCtrl+(i+1). */
export const VIEW_PAGES = Object.entries(PAGE_LABELS).map(([page, label]) => ({
  page: page as DesktopPage,
  label,
}));

/** Shortcuts of the commands, one place so the menu and docs/install.md agree. */
export const SHORTCUTS = {
  newRun: 'CmdOrCtrl+N',
  import: 'CmdOrCtrl+O',
  export: 'CmdOrCtrl+E',
  stopRun: 'CmdOrCtrl+.',
  searchHistory: 'CmdOrCtrl+F',
} as const;

/** An item that sends `command` to the renderer. */
function commandItem(
  ctx: MenuContext,
  label: string,
  accelerator: string,
  command: DesktopCommand,
): MenuItemConstructorOptions {
  return { label, accelerator, click: () => ctx.send(command) };
}

function fileMenu(ctx: MenuContext, mac: boolean): MenuItemConstructorOptions {
  return {
    label: 'File',
    submenu: [
      commandItem(ctx, 'New Run', SHORTCUTS.newRun, { command: 'new-run' }),
      { type: 'separator' },
      commandItem(ctx, 'Import Results…', SHORTCUTS.import, { command: 'import' }),
      commandItem(ctx, 'Export…', SHORTCUTS.export, { command: 'export' }),
      { type: 'separator' },
      // macOS closes windows from File and quits from the application menu.
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  };
}

function runMenu(ctx: MenuContext): MenuItemConstructorOptions {
  return {
    label: 'Run',
    submenu: [
      commandItem(ctx, 'Stop Run', SHORTCUTS.stopRun, { command: 'stop-run' }),
      commandItem(ctx, 'Search History', SHORTCUTS.searchHistory, { command: 'search-history' }),
    ],
  };
}

function viewMenu(ctx: MenuContext): MenuItemConstructorOptions {
  const pages = VIEW_PAGES.map(({ page, label }, i) =>
    commandItem(ctx, label, `CmdOrCtrl+${i + 1}`, { command: 'show', page }),
  );
  const developer: MenuItemConstructorOptions[] = ctx.development
    ? [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
      ]
    : [];
  return {
    label: 'View',
    submenu: [
      ...pages,
      { type: 'separator' },
      ...developer,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
}

function windowMenu(mac: boolean): MenuItemConstructorOptions {
  const items: MenuItemConstructorOptions[] = mac
    ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
    : [{ role: 'minimize' }, { role: 'close' }];
  return { label: 'Window', role: 'window', submenu: items };
}

function helpMenu(ctx: MenuContext, mac: boolean): MenuItemConstructorOptions {
  const about: MenuItemConstructorOptions[] = mac
    ? []
    : [{ type: 'separator' }, { label: 'About DirBench', click: ctx.showAbout }];
  return {
    label: 'Help',
    role: 'help',
    submenu: [
      { label: 'DirBench Documentation', click: () => ctx.openDocs('guide') },
      { label: 'Command-Line Reference', click: () => ctx.openDocs('cli') },
      ...about,
    ],
  };
}

/** macOS's first menu, named after the app: About, services, hide and quit. */
function appMenu(ctx: MenuContext): MenuItemConstructorOptions {
  return {
    label: 'DirBench',
    submenu: [
      { label: 'About DirBench', click: ctx.showAbout },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
}

/** The whole menu bar for `ctx.platform`. */
export function menuTemplate(ctx: MenuContext): MenuItemConstructorOptions[] {
  const mac = ctx.platform === 'darwin';
  return [
    ...(mac ? [appMenu(ctx)] : []),
    fileMenu(ctx, mac),
    { role: 'editMenu' },
    viewMenu(ctx),
    runMenu(ctx),
    windowMenu(mac),
    helpMenu(ctx, mac),
  ];
}
