// Picks the transport at startup: the Electron preload bridge when present, else HTTP + WebSocket.
import { electronTransport } from './electronTransport.ts';
import type { DirbenchBridge } from './electronTransport.ts';
import { httpTransport } from './httpTransport.ts';
import type { RendererTransport } from './rendererTransport.ts';

declare global {
  interface Window {
    /** Exposed by electron/preload.ts; absent in browser mode. */
    dirbench?: DirbenchBridge;
  }
}

/** The transport for the host this page runs in. */
export function pickTransport(): RendererTransport {
  const bridge = window.dirbench;
  return bridge ? electronTransport(bridge) : httpTransport(window.location);
}
