// Where the Help menu finds the docs: the docs/ folder of the checkout in development, and the
// copy electron-builder puts beside the app (extraResources, outside the asar, so the system's
// viewer can open it) in a package.
import { join } from 'node:path';

/** The pages the Help menu opens, by the file each is in the docs folder. */
export const DOCS_PAGES = { guide: 'README.md', cli: 'cli.md' } as const;

/** A page the Help menu opens. */
export type DocsPage = keyof typeof DOCS_PAGES;

/** What decides where the docs are: app.isPackaged, app.getAppPath() and process.resourcesPath. */
interface DocsHome {
  packaged: boolean;
  appPath: string;
  resourcesPath: string;
}

/** The folder that holds the docs (and, beside it, the screenshots their pages show). */
export function docsDir(home: DocsHome): string {
  return join(home.packaged ? home.resourcesPath : home.appPath, 'docs');
}

/** The file of `page`. */
export function docsFile(home: DocsHome, page: DocsPage): string {
  return join(docsDir(home), DOCS_PAGES[page]);
}
