// Electron main process: opens the window, hosts the core and gates IPC to our own window only.
import { app, BrowserWindow, ipcMain, session, shell } from 'electron';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dispatchApi } from '../src/core/api/dispatch.ts';
import { ApiError } from '../src/shared/errors.ts';
import type { Core } from '../src/core/app/core.ts';
import { openCore } from '../src/core/app/core.ts';
import { IPC_EVENT, IPC_INVOKE } from './channels.ts';
import {
  CONTENT_SECURITY_POLICY,
  hardenedWebPreferences,
  isAppPage,
  isOpenableExternally,
} from './security.ts';
import { safeStorageSealer } from './secrets.ts';
import { utilityProcessLauncher } from './workerLauncher.ts';

const bundleDir = dirname(fileURLToPath(import.meta.url));
// Core resolves data/, package.json and dist/ from here; its own module location is inside the bundle.
process.env.DIRBENCH_ROOT = app.getAppPath();
const appIndexFile = join(app.getAppPath(), 'dist', 'renderer', 'index.html');
const appIndexUrl = pathToFileURL(appIndexFile).href;
// Every renderer (not only ours) runs sandboxed.
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;

/** Only our window's top frame, showing our own page, may call the API (the IPC gate). */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return (
    mainWindow !== null &&
    frame !== null &&
    event.sender === mainWindow.webContents &&
    frame === mainWindow.webContents.mainFrame &&
    isAppPage(frame.url, appIndexUrl)
  );
}

/** Any web contents, ours or one that slipped through: no navigation, no new windows, no webviews. */
function lockDown(contents: WebContents): void {
  // Links open in the user's browser (https only); the app never opens a window of its own.
  contents.setWindowOpenHandler(({ url }) => {
    if (isOpenableExternally(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** No permission (camera, notifications, ...) is ever granted; the CSP also travels as a header. */
function hardenSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    });
  });
}

function setupApi(active: Core): void {
  ipcMain.handle(IPC_INVOKE, async (event, channel: unknown, req: unknown) => {
    if (!isTrustedSender(event))
      return { ok: false, error: new ApiError('failed', 'untrusted sender').toBody() };
    const result = await dispatchApi(active.handlers, channel, req);
    if (result.outcome === 'answered') return { ok: true, res: result.res };
    if (result.outcome === 'unexpected')
      console.error(`API handler ${String(channel)}:`, result.cause);
    return { ok: false, error: result.error };
  });
  active.subscribe((message) => mainWindow?.webContents.send(IPC_EVENT, message));
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1360,
    height: 860,
    title: 'DirBench',
    backgroundColor: '#f5f6f8',
    webPreferences: hardenedWebPreferences(join(bundleDir, 'preload.cjs')),
  });
  void mainWindow.loadFile(appIndexFile);
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function onReady(): Promise<void> {
  hardenSession();
  const dataDir = app.getPath('userData');
  // safeStorage works only once the app is ready; without a real OS key store typed passwords
  // go to mode-600 files, as in browser mode.
  const sealer = safeStorageSealer();
  core = await openCore({
    dataDir,
    dbFile: process.env.DIRBENCH_DB ?? join(dataDir, 'dirbench.sqlite'),
    launcher: utilityProcessLauncher(bundleDir),
    ...(sealer ? { sealer } : {}),
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
app.on('web-contents-created', (_event, contents) => lockDown(contents));
app.on('window-all-closed', () => app.quit());
app.whenReady().then(onReady, (err: unknown) => {
  console.error('DirBench failed to start:', err);
  app.exit(1);
});
