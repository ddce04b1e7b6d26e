// The typed API client: one generic call over whatever transport the host provides.
import type {
  ApiChannel,
  ApiEventMessage,
  ApiEventName,
  ApiEvents,
  ApiRequest,
  ApiResponse,
} from './api.ts';

/** What a host must provide to carry calls and events (IPC in Electron, HTTP/WS in browser mode). */
export interface ApiTransport {
  invoke(channel: ApiChannel, req: unknown): Promise<unknown>;
  /** Registers a listener for every event; returns the unsubscribe function. */
  subscribe(listener: (message: ApiEventMessage) => void): () => void;
}

/** Typed facade over a transport; the renderer never sees which host it runs in. */
export interface ApiClient {
  call<C extends ApiChannel>(
    channel: C,
    ...req: ApiRequest<C> extends undefined ? [] : [ApiRequest<C>]
  ): Promise<ApiResponse<C>>;
  on<E extends ApiEventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
}

/** Builds the typed client over a transport. */
export function createApiClient(transport: ApiTransport): ApiClient {
  return {
    call(channel, ...req) {
      return transport.invoke(channel, req[0]) as Promise<never>;
    },
    on(event, listener) {
      return transport.subscribe((message) => {
        if (message.event === event) listener(message.payload as ApiEvents[typeof event]);
      });
    },
  };
}
