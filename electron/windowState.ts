// The main window's size, position and maximized state, kept in userData/window-state.json so the
// window opens where the user left it (or centered when that place is on no screen any more).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** A rectangle in screen pixels. */
export interface Bounds {
  x: number;
  y: number;
  widthPx: number;
  heightPx: number;
}

/** What is saved: the normal (unmaximized) bounds and whether the window was maximized. */
export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
}

/** The first window's size; Electron centers a window given no position. */
export const DEFAULT_SIZE = { widthPx: 1360, heightPx: 860 } as const;

/** The smallest window the pages lay out in. */
export const MIN_SIZE = { widthPx: 900, heightPx: 600 } as const;

/** How much of the title bar must be on a screen for the saved place to count as visible. */
const VISIBLE_PX = 100;

/** Wait after the last move or resize before writing. */
export const SAVE_DEBOUNCE_MS = 500;

function isBounds(value: unknown): value is Bounds {
  const b = value as Partial<Record<keyof Bounds, unknown>> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    [b.x, b.y, b.widthPx, b.heightPx].every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

/** The saved state, or null when the file is missing, unreadable or not what we wrote. */
export function readWindowState(file: string): WindowState | null {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<WindowState> | null;
    if (!data || !isBounds(data.bounds) || typeof data.maximized !== 'boolean') return null;
    return { bounds: data.bounds, maximized: data.maximized };
  } catch {
    return null;
  }
}

/** Writes the state atomically (a crash mid-write leaves the previous file). */
export function writeWindowState(file: string, state: WindowState): void {
  const temp = `${file}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temp, file);
}

/** True when the top strip of `bounds` (where the title bar is) lies on one of the work areas. */
export function isVisible(bounds: Bounds, workAreas: readonly Bounds[]): boolean {
  return workAreas.some((area) => {
    const overlapX =
      Math.min(bounds.x + bounds.widthPx, area.x + area.widthPx) - Math.max(bounds.x, area.x);
    const titleBottom = bounds.y + Math.min(bounds.heightPx, VISIBLE_PX);
    const overlapY = Math.min(titleBottom, area.y + area.heightPx) - Math.max(bounds.y, area.y);
    return overlapX >= Math.min(VISIBLE_PX, bounds.widthPx) && overlapY > 0;
  });
}

/** The window's opening place: the saved one when a screen still shows it, else centered defaults. */
export function initialWindowState(
  saved: WindowState | null,
  workAreas: readonly Bounds[],
): { bounds: Partial<Bounds> & Pick<Bounds, 'widthPx' | 'heightPx'>; maximized: boolean } {
  if (saved && isVisible(saved.bounds, workAreas)) {
    return {
      bounds: {
        ...saved.bounds,
        widthPx: Math.max(saved.bounds.widthPx, MIN_SIZE.widthPx),
        heightPx: Math.max(saved.bounds.heightPx, MIN_SIZE.heightPx),
      },
      maximized: saved.maximized,
    };
  }
  return { bounds: { ...DEFAULT_SIZE }, maximized: saved?.maximized ?? false };
}

/** The parts of a BrowserWindow the tracker uses (Electron's Rectangle has width/height). */
export interface TrackedWindow {
  getNormalBounds(): { x: number; y: number; width: number; height: number };
  isMaximized(): boolean;
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
}

/** Timers, injectable so tests need not wait. */
export interface Timers {
  set(callback: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (callback, delayMs) => setTimeout(callback, delayMs),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Saves `window`'s state through `save` after moves and resizes (debounced) and at once on close. */
export function trackWindowState(
  window: TrackedWindow,
  save: (state: WindowState) => void,
  timers: Timers = realTimers,
): void {
  let pending: unknown = null;
  const snapshot = (): WindowState => {
    const { x, y, width, height } = window.getNormalBounds();
    return { bounds: { x, y, widthPx: width, heightPx: height }, maximized: window.isMaximized() };
  };
  const saveNow = () => {
    if (pending !== null) timers.clear(pending);
    pending = null;
    try {
      save(snapshot());
    } catch (err) {
      // A read-only profile costs the next start its window place, nothing more.
      console.error('DirBench could not save the window state:', err);
    }
  };
  const later = () => {
    if (pending !== null) timers.clear(pending);
    pending = timers.set(saveNow, SAVE_DEBOUNCE_MS);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const)
    window.on(event, later);
  window.on('close', saveNow);
}
