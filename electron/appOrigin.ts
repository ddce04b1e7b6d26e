// Where the UI lives in the desktop app: app://dirbench/ (electron/appProtocol.ts serves it).

/** The scheme the UI loads from. */
export const APP_SCHEME = 'app';

/** The one host the scheme answers for: app://dirbench/. */
export const APP_HOST = 'dirbench';

/** The page the main window loads, the only page allowed to call the API. */
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;
