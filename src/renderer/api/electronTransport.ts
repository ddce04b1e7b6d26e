// Transport over the Electron preload bridge (contextBridge); errors arrive as plain `{kind, message, field}`.
import type { ApiEventMessage } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { RendererTransport } from './rendererTransport.ts';

/** What electron/preload.ts exposes as `window.dirbench`. */
export interface DirbenchBridge {
  invoke(channel: string, req: unknown): Promise<unknown>;
  subscribe(listener: (message: ApiEventMessage) => void): () => void;
}

/** Wraps the preload bridge; IPC never drops, so the link is always up. */
export function electronTransport(bridge: DirbenchBridge): RendererTransport {
  return {
    async invoke(channel, req) {
      try {
        return await bridge.invoke(channel, req ?? null);
      } catch (err) {
        throw ApiError.fromBody(err);
      }
    },
    subscribe: (listener) => bridge.subscribe(listener),
    onLinkChange(listener) {
      listener(true);
      return () => undefined;
    },
  };
}
