// The colour scheme the user chose (or the OS's), kept apart from the DOM so it can be unit-tested.

/** What the theme toggle offers: follow the OS, or force one scheme. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The scheme the page is drawn in. */
export type ResolvedTheme = 'light' | 'dark';

/** localStorage key of the toggle's choice. */
export const THEME_STORAGE_KEY = 'dirbench.theme';

/** The toggle's options in the order shown. */
export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** A stored value as a choice; anything unknown (or nothing) follows the OS. */
export function parseThemeChoice(stored: string | null): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The scheme to draw: the forced one, else the OS's preference. */
export function resolveTheme(choice: ThemeChoice, osPrefersDark: boolean): ResolvedTheme {
  if (choice === 'system') return osPrefersDark ? 'dark' : 'light';
  return choice;
}

/** localStorage key of "export charts with a dark background" (exports are light unless asked). */
export const DARK_EXPORTS_STORAGE_KEY = 'dirbench.darkChartExports';
