// Serves the built renderer files from dist/renderer.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { resourcePath } from '../core/base/resources.ts';
import { RequestRefused, checkMethod, decodePathname } from './requestChecks.ts';

/** Where `npm run build:renderer` puts the UI. */
export const RENDERER_DIR = resourcePath('dist', 'renderer') + sep;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Methods static files answer to. */
const STATIC_METHODS = ['GET', 'HEAD'] as const;

/** True when the renderer has been built. */
export function rendererBuilt(): boolean {
  return existsSync(join(RENDERER_DIR, 'index.html'));
}

/** Vite's folder of hashed script, style and image files (its default `build.assetsDir`). */
const ASSETS_PREFIX = `assets${sep}`;

/**
 * The file under `rootDir` (which ends in a path separator) a request path names, or index.html for a
 * path naming no file (the UI routes in the page); refuses with 400 a malformed path or one leaving it,
 * and with 404 a missing file under assets/ of a built UI: a page from an older build asking for a
 * screen's chunk gets a clean failure, not the HTML page as a script.
 */
export function staticFileFor(pathname: string, rootDir: string = RENDERER_DIR): string {
  const relative = normalize(decodePathname(pathname)).replace(/^([/\\])+/, '');
  const file = join(rootDir, relative);
  if (!file.startsWith(rootDir) || file.includes(`${sep}..${sep}`))
    throw new RequestRefused(400, 'bad-path', 'The path leads outside the UI folder.');
  if (isFile(file)) return file;
  const index = join(rootDir, 'index.html');
  // While the UI is not built every path gets the "build it" answer (serveStatic), assets too.
  const built = isFile(index);
  if (built && relative.startsWith(ASSETS_PREFIX) && relative.length > ASSETS_PREFIX.length)
    throw new RequestRefused(
      404,
      'missing-asset',
      'This file is not in the built UI (it was rebuilt since the page loaded): reload the page.',
    );
  return index;
}

/** True when `path` is a regular file; a name too long for the file system, say, is not one. */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Streams the file a GET or HEAD names (503 while the UI is not built); throws RequestRefused for other
 * methods and bad paths. `onReadError` hears of a file failing mid-read (the answer is cut short then).
 */
export function serveStatic(
  method: string | undefined,
  pathname: string,
  res: ServerResponse,
  onReadError: (err: Error) => void,
): void {
  checkMethod(method, STATIC_METHODS);
  const file = staticFileFor(pathname);
  if (!rendererBuilt()) {
    answerNotBuilt(res);
    return;
  }
  const stream = createReadStream(file);
  // The head waits for the open: a file removed since the check (a rebuild of the UI) is still a clean answer.
  stream.once('open', () => {
    // Event listeners are outside the request's guard: nothing here may throw.
    try {
      // A client that left while the file opened has nothing left to send to.
      if (res.destroyed) {
        stream.destroy();
        return;
      }
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': file.endsWith('index.html') ? 'no-store' : 'max-age=3600',
        'X-Content-Type-Options': 'nosniff',
      });
      pipeline(stream, res, () => undefined);
    } catch (err) {
      stream.destroy();
      res.destroy();
      onReadError(err as Error);
    }
  });
  stream.once('error', (err: NodeJS.ErrnoException) => {
    if (!res.headersSent && !res.destroyed) answerNotBuilt(res);
    // A client that leaves mid-file ends the pipeline with this; it is not the file's fault.
    else if (res.headersSent && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') onReadError(err);
  });
}

function answerNotBuilt(res: ServerResponse): void {
  res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(
    'The DirBench UI is not built yet: run "npm run build:renderer" in the project, then reload.',
  );
}
