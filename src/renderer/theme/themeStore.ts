// The page's theme as an external store: the stored choice plus the OS's prefers-color-scheme,
// applied as <html data-theme> so the CSS variables switch, and readable by charts through a hook.
import { useSyncExternalStore } from 'react';
import {
  DARK_EXPORTS_STORAGE_KEY,
  parseThemeChoice,
  resolveTheme,
  THEME_STORAGE_KEY,
} from './themeChoice.ts';
import type { ResolvedTheme, ThemeChoice } from './themeChoice.ts';
import { readSetting, writeSetting } from './storedSetting.ts';

const osDark = window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

let choice = parseThemeChoice(readSetting(THEME_STORAGE_KEY));
let resolved = resolveTheme(choice, osDark.matches);

function update(): void {
  const next = resolveTheme(choice, osDark.matches);
  document.documentElement.dataset['theme'] = next;
  document.documentElement.style.colorScheme = next;
  if (next === resolved) return;
  resolved = next;
  for (const listener of listeners) listener();
}

osDark.addEventListener('change', update);
window.addEventListener('storage', (event) => {
  // Another window of the app changed the toggle: follow it.
  if (event.key !== THEME_STORAGE_KEY) return;
  choice = parseThemeChoice(event.newValue);
  update();
  for (const listener of listeners) listener();
});

/** Sets <html data-theme> before the first render, so a dark page never flashes light. */
export function applyStoredTheme(): void {
  update();
}

/** Remembers `next` and redraws the page in it. */
export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  writeSetting(THEME_STORAGE_KEY, next);
  update();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toggle's current choice; re-renders when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => choice);
}

/** The scheme the page is drawn in now; re-renders when the toggle or the OS changes it. */
export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(subscribe, () => resolved);
}

let darkExports = readSetting(DARK_EXPORTS_STORAGE_KEY) === 'true';

/** True when the user asked for chart images on a dark background (read at export time). */
export function darkChartExports(): boolean {
  return darkExports;
}

/** Remembers whether chart images are exported dark. */
export function setDarkChartExports(next: boolean): void {
  darkExports = next;
  writeSetting(DARK_EXPORTS_STORAGE_KEY, String(next));
  for (const listener of listeners) listener();
}

/** The dark-exports setting; re-renders when it changes. */
export function useDarkChartExports(): boolean {
  return useSyncExternalStore(subscribe, () => darkExports);
}
