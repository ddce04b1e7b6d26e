// Wires the desktop features to Electron: the menu, About and the docs, the power-save blocker and
// campaign notifications from core events, and the renderer's save and error dialogs. The
// decisions live in the tested modules beside this one; this file only connects them.
import { app, dialog, ipcMain, Menu, Notification, powerSaveBlocker, shell } from 'electron';
import type { IpcMainInvokeEvent, BrowserWindow } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from '../src/core/app/core.ts';
import { dirbenchCommit } from '../src/core/base/version.ts';
import type { DesktopCommand } from '../src/shared/desktopCommands.ts';
import { IPC_COMMAND, IPC_SAVE_FILE, IPC_SHOW_ERROR } from '../src/shared/desktopCommands.ts';
import type { CampaignProgress } from '../src/shared/matrix.ts';
import { aboutBox } from './about.ts';
import { checkSaveRequest, errorBoxText } from './dialogs.ts';
import { docsDir, docsFile } from './docsLocation.ts';
import type { DocsPage } from './docsLocation.ts';
import { menuTemplate } from './menu.ts';
import { CampaignNotifier } from './notifications.ts';
import { PowerSaveGuard } from './powerSave.ts';
import { bringToFront } from './singleInstance.ts';

/** Set by electron/build.ts from `git rev-parse` at build time; '' when built outside a checkout. */
declare const DIRBENCH_BUILD_COMMIT: string;

/** What the wiring needs from main.ts. */
export interface DesktopHost {
  window: () => BrowserWindow | null;
  /** The IPC gate: only our window's own page may use the dialogs. */
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
}

function send(host: DesktopHost, command: DesktopCommand): void {
  const window = host.window();
  if (!window) return;
  bringToFront(window);
  window.webContents.send(IPC_COMMAND, command);
}

function buildCommit(): string | null {
  // A packaged app has no checkout; a development build may have been made before the last commit.
  return (typeof DIRBENCH_BUILD_COMMIT === 'string' && DIRBENCH_BUILD_COMMIT) || dirbenchCommit();
}

async function showAbout(host: DesktopHost): Promise<void> {
  const options = aboutBox({
    version: app.getVersion(),
    commit: buildCommit(),
    electron: process.versions.electron ?? 'unknown',
    chrome: process.versions.chrome ?? 'unknown',
    node: process.versions.node,
  });
  const window = host.window();
  await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
}

/** Opens a docs page in the system's viewer for Markdown; says where it is when that fails. */
async function openDocs(page: DocsPage): Promise<void> {
  const home = {
    packaged: app.isPackaged,
    appPath: app.getAppPath(),
    resourcesPath: process.resourcesPath,
  };
  const file = docsFile(home, page);
  const failure = await shell.openPath(file);
  if (failure) {
    dialog.showErrorBox(
      'Could not open the documentation',
      `${failure}\n\nThe documentation is in ${docsDir(home)}; open ${file} with any text viewer.`,
    );
  }
}

/** Replaces Electron's default menu with DirBench's. */
export function installMenu(host: DesktopHost): void {
  const template = menuTemplate({
    platform: process.platform,
    development: !app.isPackaged,
    send: (command) => send(host, command),
    showAbout: () => void showAbout(host),
    openDocs: (page) => void openDocs(page),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

/** Keeps the machine awake during runs and campaigns and notifies when a campaign ends. */
export function followCore(core: Core, host: DesktopHost): { release: () => void } {
  const guard = new PowerSaveGuard(powerSaveBlocker);
  // Held until dismissed: a collected Notification loses its click handler.
  const shown = new Set<Notification>();
  const notifier = new CampaignNotifier((_campaignId, notice) => {
    if (!Notification.isSupported()) return;
    const note = new Notification({ title: notice.title, body: notice.body });
    shown.add(note);
    note.on('click', () => send(host, { command: 'show', page: 'campaigns' }));
    note.on('close', () => shown.delete(note));
    note.show();
  });
  const onCampaign = async (progress: CampaignProgress) => {
    if (progress.status !== 'completed' && progress.status !== 'failed') {
      notifier.onProgress(progress, null);
      return;
    }
    const name = await core.handlers['campaigns/get']({ campaignId: progress.campaignId }).then(
      (campaign) => campaign.name,
      () => null,
    );
    notifier.onProgress(progress, name);
  };
  core.subscribe((message) => {
    guard.onEvent(message);
    if (message.event === 'campaign/progress') void onCampaign(message.payload);
  });
  return { release: () => guard.release() };
}

/** The renderer's native save dialog and error box (exports, failed menu commands). */
export function handleDialogs(host: DesktopHost): void {
  ipcMain.handle(IPC_SAVE_FILE, async (event, fileName: unknown, bytes: unknown) => {
    const window = host.window();
    if (!host.isTrustedSender(event) || !window) throw new Error('untrusted sender');
    const checked = checkSaveRequest(fileName, bytes);
    if (!checked.ok) throw new Error(`Could not save: ${checked.error}.`);
    const { canceled, filePath } = await dialog.showSaveDialog(window, {
      defaultPath: join(app.getPath('downloads'), checked.request.fileName),
    });
    if (canceled || !filePath) return null;
    await writeFile(filePath, checked.request.bytes);
    return filePath;
  });
  ipcMain.handle(IPC_SHOW_ERROR, (event, title: unknown, message: unknown) => {
    if (!host.isTrustedSender(event)) throw new Error('untrusted sender');
    const text = errorBoxText(title, message);
    dialog.showErrorBox(text.title, text.message);
  });
}
