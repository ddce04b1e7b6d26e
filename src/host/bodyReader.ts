// Reads request bodies with a size limit, and throws away what is left of a refused one.
import type { IncomingMessage } from 'node:http';
import { bodyTooLarge } from './requestChecks.ts';

/**
 * The body as UTF-8 text; rejects with a 413 RequestRefused once it passes `maxBytes` (leaving the rest
 * unread), resolves null when the client went away before sending all of it.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('aborted', onGone);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        finish();
        // Paused, not destroyed: destroying would drop the connection before the 413 is written.
        req.pause();
        reject(bodyTooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      finish();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onGone = (): void => {
      finish();
      resolve(null);
    };
    // `close` before `end` means the connection went away mid-body.
    const onClose = (): void => {
      if (!req.complete) onGone();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('aborted', onGone);
    req.on('close', onClose);
  });
}

/**
 * Reads and drops the rest of a refused body so the client gets to read the answer, up to `limitBytes`;
 * a client still sending after that has its connection closed.
 */
export function discardBody(req: IncomingMessage, limitBytes: number): void {
  if (req.complete) return;
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limitBytes) req.socket.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}
