// Electron main process: opens the window, hosts the core and gates IPC to our own window only.
import { app, BrowserWindow, ipcMain, shell } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isApiChannel } from '../src/shared/api.ts';
import { ApiError } from '../src/shared/errors.ts';
import type { Core } from '../src/core/app/core.ts';
import { openCore } from '../src/core/app/core.ts';
import { IPC_EVENT, IPC_INVOKE } from './channels.ts';
import { utilityProcessLauncher } from './workerLauncher.ts';

const bundleDir = dirname(fileURLToPath(import.meta.url));
// Core resolves data/, package.json and dist/ from here; its own module location is inside the bundle.
process.env.DIRBENCH_ROOT = app.getAppPath();

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;

/** Only our window's top frame may call the API (the IPC gate). */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  return (
    mainWindow !== null &&
    event.sender === mainWindow.webContents &&
    event.senderFrame === mainWindow.webContents.mainFrame
  );
}

function setupApi(active: Core): void {
  ipcMain.handle(IPC_INVOKE, async (event, channel: unknown, req: unknown) => {
    if (!isTrustedSender(event))
      return { ok: false, error: new ApiError('failed', 'untrusted sender').toBody() };
    if (typeof channel !== 'string' || !isApiChannel(channel)) {
      return {
        ok: false,
        error: new ApiError('not-found', `unknown API channel ${String(channel)}`).toBody(),
      };
    }
    try {
      const handler = active.handlers[channel] as (r: unknown) => Promise<unknown>;
      return { ok: true, res: await handler(req) };
    } catch (err) {
      const apiError =
        err instanceof ApiError
          ? err
          : new ApiError('failed', err instanceof Error ? err.message : String(err));
      return { ok: false, error: apiError.toBody() };
    }
  });
  active.subscribe((message) => mainWindow?.webContents.send(IPC_EVENT, message));
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1360,
    height: 860,
    title: 'DirBench',
    backgroundColor: '#f5f6f8',
    webPreferences: {
      preload: join(bundleDir, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  // Links open in the user's browser; the app window never navigates away from the UI.
  mainWindow.webContents.setWindowOpenHandler(({ url }) => {
    void shell.openExternal(url);
    return { action: 'deny' };
  });
  mainWindow.webContents.on('will-navigate', (event) => event.preventDefault());
  void mainWindow.loadFile(join(app.getAppPath(), 'dist', 'renderer', 'index.html'));
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function onReady(): Promise<void> {
  const dataDir = app.getPath('userData');
  core = await openCore({
    dataDir,
    dbFile: process.env.DIRBENCH_DB ?? join(dataDir, 'dirbench.sqlite'),
    launcher: utilityProcessLauncher(bundleDir),
  });
  setupApi(core);
  createWindow();
}

let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !core) return;
  // Labs never outlive the app: stop the run and the labs before letting Electron exit.
  event.preventDefault();
  quitting = true;
  void core.shutdown('DirBench was closed').finally(() => app.quit());
});
app.on('window-all-closed', () => app.quit());
app.whenReady().then(onReady, (err: unknown) => {
  console.error('DirBench failed to start:', err);
  app.exit(1);
});
