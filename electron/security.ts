// The desktop window's security settings and URL rules, kept free of Electron runtime imports so they can be tested.
import type { WebPreferences } from 'electron';
import { APP_INDEX_URL } from './appOrigin.ts';

/** The renderer's Content-Security-Policy; the same text is the meta tag of src/renderer/index.html. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/** The main window's web preferences: an isolated, sandboxed renderer without Node. */
export function hardenedWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
  };
}

const APP_PAGE = new URL(APP_INDEX_URL);

/** True when `url` is the UI's own page (any hash route of it), the only page allowed to call the API. */
export function isAppPage(url: string): boolean {
  try {
    const page = new URL(url);
    return (
      page.protocol === APP_PAGE.protocol &&
      page.host.toLowerCase() === APP_PAGE.host &&
      page.pathname === APP_PAGE.pathname &&
      page.search === '' &&
      page.username === '' &&
      page.password === ''
    );
  } catch {
    return false;
  }
}

/** True for links the app may hand to the user's browser: https pages only, never file:, custom schemes or shells. */
export function isOpenableExternally(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
