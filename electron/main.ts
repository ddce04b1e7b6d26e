// Electron main process: one instance, one window served from app://, the core, and IPC gated to our window only.
import { app, BrowserWindow, dialog, ipcMain, protocol, screen, session, shell } from 'electron';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dispatchApi } from '../src/core/api/dispatch.ts';
import { ApiError } from '../src/shared/errors.ts';
import type { Core } from '../src/core/app/core.ts';
import { openCore } from '../src/core/app/core.ts';
import { APP_INDEX_URL, APP_SCHEME } from './appOrigin.ts';
import { APP_SCHEME_PRIVILEGES, appProtocolHandler } from './appProtocol.ts';
import { IPC_EVENT, IPC_INVOKE } from './channels.ts';
import { followCore, handleDialogs, installMenu } from './desktopWiring.ts';
import type { DesktopHost } from './desktopWiring.ts';
import {
  CONTENT_SECURITY_POLICY,
  hardenedWebPreferences,
  isAppPage,
  isOpenableExternally,
} from './security.ts';
import { safeStorageSealer } from './secrets.ts';
import { claimSingleInstance } from './singleInstance.ts';
import {
  initialWindowState,
  MIN_SIZE,
  readWindowState,
  trackWindowState,
  writeWindowState,
} from './windowState.ts';
import { utilityProcessLauncher } from './workerLauncher.ts';

const bundleDir = dirname(fileURLToPath(import.meta.url));
// Core resolves data/, package.json and dist/ from here; its own module location is inside the bundle.
process.env.DIRBENCH_ROOT = app.getAppPath();
const rendererDir = join(app.getAppPath(), 'dist', 'renderer');

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;
let releasePowerSave: () => void = () => undefined;

/** Only our window's top frame, showing our own page, may call the API (the IPC gate). */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return (
    mainWindow !== null &&
    frame !== null &&
    event.sender === mainWindow.webContents &&
    frame === mainWindow.webContents.mainFrame &&
    isAppPage(frame.url)
  );
}

const host: DesktopHost = { window: () => mainWindow, isTrustedSender };

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

/**
 * No permission (camera, notifications, ...) is ever granted: campaign notifications come from
 * the main process. The CSP also travels as a header (app:// responses carry it themselves).
 */
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
  ses.protocol.handle(APP_SCHEME, appProtocolHandler(rendererDir));
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
  const stateFile = join(app.getPath('userData'), 'window-state.json');
  const workAreas = screen.getAllDisplays().map(({ workArea: a }) => ({
    x: a.x,
    y: a.y,
    widthPx: a.width,
    heightPx: a.height,
  }));
  const { bounds, maximized } = initialWindowState(readWindowState(stateFile), workAreas);
  mainWindow = new BrowserWindow({
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.widthPx,
    height: bounds.heightPx,
    minWidth: MIN_SIZE.widthPx,
    minHeight: MIN_SIZE.heightPx,
    title: 'DirBench',
    backgroundColor: '#f5f6f8',
    webPreferences: hardenedWebPreferences(join(bundleDir, 'preload.cjs')),
  });
  if (maximized) mainWindow.maximize();
  trackWindowState(mainWindow, (state) => writeWindowState(stateFile, state));
  void mainWindow.loadURL(APP_INDEX_URL);
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function onReady(): Promise<void> {
  hardenSession();
  installMenu(host);
  const dataDir = app.getPath('userData');
  // safeStorage works only once the app is ready; without a real OS key store typed passwords
  // go to mode-600 files, as in browser mode.
  const sealer = safeStorageSealer();
  core = await openCore({
    dataDir,
    dbFile: process.env.DIRBENCH_DB ?? join(dataDir, 'dirbench.sqlite'),
    launcher: utilityProcessLauncher(bundleDir),
    log: (line) => console.log(line),
    ...(sealer ? { sealer } : {}),
  });
  setupApi(core);
  handleDialogs(host);
  releasePowerSave = followCore(core, host).release;
  createWindow();
}

function start(): void {
  // Every renderer (not only ours) runs sandboxed; app:// must be known before the app is ready.
  app.enableSandbox();
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !core) return;
    // Labs never outlive the app: stop the run and the labs before letting Electron exit.
    event.preventDefault();
    quitting = true;
    void core
      .shutdown('DirBench was closed')
      .finally(() => releasePowerSave())
      .finally(() => app.quit());
  });
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
  app.on('window-all-closed', () => app.quit());
  // A database that is not DirBench's (or is locked, full, corrupt) is refused by openCore with a
  // sentence saying what to do: shown to the user, who has no terminal, before exiting 1.
  app
    .whenReady()
    .then(onReady)
    .catch((err: unknown) => {
      console.error('DirBench failed to start:', err);
      if (err instanceof ApiError) dialog.showErrorBox('DirBench cannot start', err.message);
      app.exit(1);
    });
}

// A second launch hands over to the running DirBench (its window comes to the front) and exits 0.
if (claimSingleInstance(app, () => mainWindow)) start();
