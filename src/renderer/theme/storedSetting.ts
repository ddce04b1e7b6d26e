// localStorage for the UI's remembered settings; storage can be refused (private windows, strict
// site settings), and then a setting simply lasts for this window only.

/** The stored value of `key`, or null when absent or storage is refused. */
export function readSetting(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; silently kept for this window only when storage is refused. */
export function writeSetting(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered across reloads; the caller's in-memory value still applies.
  }
}
