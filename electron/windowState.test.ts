import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  DEFAULT_SIZE,
  initialWindowState,
  isVisible,
  readWindowState,
  SAVE_DEBOUNCE_MS,
  trackWindowState,
  writeWindowState,
} from './windowState.ts';
import type { Timers, TrackedWindow, WindowState } from './windowState.ts';

const LAPTOP = { x: 0, y: 0, widthPx: 1920, heightPx: 1050 };
const RIGHT_MONITOR = { x: 1920, y: 0, widthPx: 2560, heightPx: 1400 };
const SAVED: WindowState = {
  bounds: { x: 2200, y: 120, widthPx: 1500, heightPx: 900 },
  maximized: true,
};

function withDir(body: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-window-'));
  try {
    body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the state round-trips through its JSON file; missing or corrupt files are ignored', () => {
  withDir((dir) => {
    const file = join(dir, 'window-state.json');
    assert.equal(readWindowState(file), null);
    writeWindowState(file, SAVED);
    assert.deepEqual(readWindowState(file), SAVED);
    for (const corrupt of [
      '{"bounds": {"x": 1',
      'null',
      '[]',
      '{"bounds": {"x": "a", "y": 0, "widthPx": 1, "heightPx": 1}, "maximized": false}',
      '{"bounds": {"x": 0, "y": 0, "widthPx": 800, "heightPx": 600}}',
    ]) {
      writeFileSync(file, corrupt);
      assert.equal(readWindowState(file), null, corrupt);
    }
  });
});

test('a saved place is used only while a screen shows its title bar', () => {
  assert.equal(isVisible(SAVED.bounds, [LAPTOP, RIGHT_MONITOR]), true);
  assert.deepEqual(initialWindowState(SAVED, [LAPTOP, RIGHT_MONITOR]), SAVED);
  // The right monitor was unplugged: centered at the default size, still maximized.
  assert.equal(isVisible(SAVED.bounds, [LAPTOP]), false);
  assert.deepEqual(initialWindowState(SAVED, [LAPTOP]), {
    bounds: { ...DEFAULT_SIZE },
    maximized: true,
  });
  // Only the bottom of the window is on screen: the title bar cannot be grabbed.
  const above = { x: 100, y: -800, widthPx: 1200, heightPx: 850 };
  assert.equal(isVisible(above, [LAPTOP]), false);
  // A sliver at the left edge is not enough either.
  assert.equal(isVisible({ x: -1150, y: 10, widthPx: 1200, heightPx: 800 }, [LAPTOP]), false);
  assert.equal(isVisible({ x: -1000, y: 10, widthPx: 1200, heightPx: 800 }, [LAPTOP]), true);
  assert.deepEqual(initialWindowState(null, [LAPTOP]), {
    bounds: { ...DEFAULT_SIZE },
    maximized: false,
  });
});

test('a saved window smaller than the pages need opens at the minimum size', () => {
  const tiny = { bounds: { x: 10, y: 10, widthPx: 200, heightPx: 100 }, maximized: false };
  const { bounds } = initialWindowState(tiny, [LAPTOP]);
  assert.deepEqual(bounds, { x: 10, y: 10, widthPx: 900, heightPx: 600 });
});

function fakeWindow() {
  const listeners = new Map<string, (() => void)[]>();
  let rect = { x: 10, y: 20, width: 1000, height: 700 };
  let maximized = false;
  const window: TrackedWindow = {
    getNormalBounds: () => rect,
    isMaximized: () => maximized,
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
  };
  const emit = (event: string) => listeners.get(event)?.forEach((l) => l());
  return {
    window,
    emit,
    moveTo: (r: typeof rect) => (rect = r),
    maximize: (m: boolean) => (maximized = m),
  };
}

function manualTimers() {
  const queue = new Map<number, () => void>();
  let next = 0;
  const delays: number[] = [];
  const timers: Timers = {
    set(callback, delayMs) {
      delays.push(delayMs);
      queue.set(++next, callback);
      return next;
    },
    clear: (handle) => queue.delete(handle as number),
  };
  const flush = () => {
    const due = [...queue.values()];
    queue.clear();
    due.forEach((f) => f());
  };
  return { timers, flush, pending: () => queue.size, delays };
}

test('moves and resizes are saved once after they settle, and the close saves at once', () => {
  const { window, emit, moveTo, maximize } = fakeWindow();
  const { timers, flush, pending, delays } = manualTimers();
  const saved: WindowState[] = [];
  trackWindowState(window, (s) => saved.push(s), timers);
  emit('move');
  moveTo({ x: 50, y: 60, width: 1200, height: 800 });
  emit('resize');
  emit('resize');
  assert.equal(pending(), 1, 'one save waits');
  assert.ok(delays.every((d) => d === SAVE_DEBOUNCE_MS));
  assert.deepEqual(saved, []);
  flush();
  assert.deepEqual(saved, [
    { bounds: { x: 50, y: 60, widthPx: 1200, heightPx: 800 }, maximized: false },
  ]);
  maximize(true);
  emit('maximize');
  emit('close');
  assert.equal(pending(), 0, 'the close cancelled the waiting save');
  assert.deepEqual(saved.at(-1), {
    bounds: { x: 50, y: 60, widthPx: 1200, heightPx: 800 },
    maximized: true,
  });
  assert.equal(saved.length, 2);
});

test('a failing save is reported, not thrown into Electron', () => {
  const { window, emit } = fakeWindow();
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    trackWindowState(window, () => {
      throw new Error('EROFS');
    });
    emit('close');
  } finally {
    console.error = original;
  }
  assert.equal(errors.length, 1);
});

test('the written file is JSON a person can read', () => {
  withDir((dir) => {
    const file = join(dir, 'window-state.json');
    writeWindowState(file, SAVED);
    assert.match(readFileSync(file, 'utf8'), /"widthPx": 1500/);
  });
});
