// One DirBench per user: a second launch would open a second core on the same database.
/** The parts of Electron's `app` the lock uses. */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  on(event: 'second-instance', listener: () => void): unknown;
  exit(exitCode?: number): void;
}

/** The parts of a BrowserWindow needed to bring it to the front. */
export interface FocusableWindow {
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/**
 * Takes the single-instance lock. The first instance gets true and, on each later launch, brings
 * its window (if any yet) to the front; a later instance exits at once with status 0 and gets false.
 */
export function claimSingleInstance(
  app: SingleInstanceApp,
  currentWindow: () => FocusableWindow | null,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    // Not an error: the user's click was answered by the window already open.
    app.exit(0);
    return false;
  }
  app.on('second-instance', () => {
    const window = currentWindow();
    if (window) bringToFront(window);
  });
  return true;
}

/** Restores a minimized window, shows a hidden one and focuses it. */
export function bringToFront(window: FocusableWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
