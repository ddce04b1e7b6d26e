// Serves the built renderer files from dist/renderer.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { resourcePath } from '../core/app/resources.ts';

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

/** True when the renderer has been built. */
export function rendererBuilt(): boolean {
  return existsSync(join(RENDERER_DIR, 'index.html'));
}

/** Streams a file under RENDERER_DIR (index.html for unknown paths); never escapes the folder. */
export function serveStatic(pathname: string, res: ServerResponse): void {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  let file = join(RENDERER_DIR, relative);
  if (!file.startsWith(RENDERER_DIR) || file.includes(`${sep}..${sep}`)) {
    res.writeHead(400).end('bad path');
    return;
  }
  if (!existsSync(file) || !statSync(file).isFile()) file = join(RENDERER_DIR, 'index.html');
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': file.endsWith('index.html') ? 'no-store' : 'max-age=3600',
    'X-Content-Type-Options': 'nosniff',
  });
  createReadStream(file).pipe(res);
}
