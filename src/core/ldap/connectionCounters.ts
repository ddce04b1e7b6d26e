// Counts a worker's connections (opened, closed, reopened after a drop) and their wire bytes, per interval.
import type net from 'node:net';

/** Counter deltas since the previous `take()`. */
export interface ConnectionCounts {
  connectionsOpened: number;
  connectionsClosed: number;
  reconnects: number;
  bytesSent: number;
  bytesReceived: number;
}

/** One open socket and the byte counts already reported for it. */
interface LiveSocket {
  socket: net.Socket;
  sentReported: number;
  receivedReported: number;
}

/** Per-worker connection counters; sockets register once at connect, so persistent ops cost nothing. */
export class ConnectionCounters {
  private opened = 0;
  private closed = 0;
  private reconnectCount = 0;
  /** Bytes of sockets that closed since the last take, not yet reported. */
  private sentClosed = 0;
  private receivedClosed = 0;
  private readonly live = new Set<LiveSocket>();

  /** Counts `socket` as opened once it connects, and as closed (with its last bytes) when it closes. */
  track(socket: net.Socket): void {
    const entry: LiveSocket = { socket, sentReported: 0, receivedReported: 0 };
    const onConnect = (): void => {
      this.opened++;
      this.live.add(entry);
      socket.once('close', () => {
        this.closed++;
        this.live.delete(entry);
        this.sentClosed += socket.bytesWritten - entry.sentReported;
        this.receivedClosed += socket.bytesRead - entry.receivedReported;
      });
    };
    // A socket handed over already connected (per-op policy connects before ldapts sees it).
    if (!socket.connecting && socket.readyState === 'open') onConnect();
    else socket.once('connect', onConnect);
  }

  /** Counts a connection that dropped and was reopened outside the connection policy. */
  reconnected(): void {
    this.reconnectCount++;
  }

  /** Connections open right now. */
  get openNow(): number {
    return this.live.size;
  }

  /** Returns the counts since the previous call and starts counting afresh. */
  take(): ConnectionCounts {
    let bytesSent = this.sentClosed;
    let bytesReceived = this.receivedClosed;
    // Live sockets report their growth since the last take: bytes land in the second they moved.
    for (const entry of this.live) {
      const sent = entry.socket.bytesWritten;
      const received = entry.socket.bytesRead;
      bytesSent += sent - entry.sentReported;
      bytesReceived += received - entry.receivedReported;
      entry.sentReported = sent;
      entry.receivedReported = received;
    }
    const counts: ConnectionCounts = {
      connectionsOpened: this.opened,
      connectionsClosed: this.closed,
      reconnects: this.reconnectCount,
      bytesSent,
      bytesReceived,
    };
    this.opened = 0;
    this.closed = 0;
    this.reconnectCount = 0;
    this.sentClosed = 0;
    this.receivedClosed = 0;
    return counts;
  }
}
