// One shared WebSocket for live events, opened on first use and reopened with backoff when it drops.
import type { ApiEventMessage } from '../../shared/api.ts';

/** Delays between reconnect attempts; the last one repeats. */
const BACKOFF_MS = [250, 500, 1000, 2000, 5000];

/** Fan-out of one WebSocket to many listeners, with link-state notifications. */
export interface EventSocket {
  subscribe(listener: (message: ApiEventMessage) => void): () => void;
  onLinkChange(listener: (up: boolean) => void): () => void;
}

/** Creates the socket lazily at `url`; it stays open for the page's lifetime. */
export function eventSocket(url: string): EventSocket {
  const listeners = new Set<(message: ApiEventMessage) => void>();
  const linkListeners = new Set<(up: boolean) => void>();
  let socket: WebSocket | null = null;
  let up: boolean | null = null;
  let attempt = 0;

  const setUp = (value: boolean): void => {
    if (value === up) return;
    up = value;
    for (const listener of linkListeners) listener(value);
  };

  const connect = (): void => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setUp(true);
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parse(event.data);
      if (message) for (const listener of listeners) listener(message);
    };
    ws.onclose = () => {
      setUp(false);
      const delayMs = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 5000;
      attempt++;
      setTimeout(connect, delayMs);
    };
  };

  const ensureOpen = (): void => {
    if (socket === null) connect();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      ensureOpen();
      return () => listeners.delete(listener);
    },
    onLinkChange(listener) {
      linkListeners.add(listener);
      ensureOpen();
      if (up !== null) listener(up);
      return () => linkListeners.delete(listener);
    },
  };
}

function parse(data: unknown): ApiEventMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === 'object' && value !== null && 'event' in value && 'payload' in value) {
      return value as ApiEventMessage;
    }
  } catch {
    // A malformed frame is dropped; the next one may be fine.
  }
  return null;
}
