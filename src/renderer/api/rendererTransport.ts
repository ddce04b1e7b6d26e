// What the UI talks through: the typed API transport plus its live-event link (transport.ts picks
// the Electron bridge's or the HTTP + WebSocket one).
import type { ApiTransport } from '../../shared/client.ts';

/** A transport plus the state of its live-event link, so the UI can say when it is offline. */
export interface RendererTransport extends ApiTransport {
  /** Calls `listener` with true when live events flow and false when the link dropped. */
  onLinkChange(listener: (up: boolean) => void): () => void;
}
