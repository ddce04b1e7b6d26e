// Picks the transport at startup: the Electron preload bridge when present, else HTTP + WebSocket.
import type { ApiTransport } from '../../shared/client.ts';
import { electronTransport } from './electronTransport.ts';
import type { DirbenchBridge } from './electronTransport.ts';
import { httpTransport } from './httpTransport.ts';

declare global {
  interface Window {
    /** Exposed by electron/preload.ts; absent in browser mode. */
    dirbench?: DirbenchBridge;
  }
}

/** A transport plus the state of its live-event link, so the UI can say when it is offline. */
export interface RendererTransport extends ApiTransport {
  /** Calls `listener` with true when live events flow and false when the link dropped. */
  onLinkChange(listener: (up: boolean) => void): () => void;
}

/** The transport for the host this page runs in. */
export function pickTransport(): RendererTransport {
  const bridge = window.dirbench;
  return bridge ? electronTransport(bridge) : httpTransport(window.location);
}
