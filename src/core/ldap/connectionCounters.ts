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

/** Nothing counted yet. */
function zeroCounts(): ConnectionCounts {
  return {
    connectionsOpened: 0,
    connectionsClosed: 0,
    reconnects: 0,
    bytesSent: 0,
    bytesReceived: 0,
  };
}

/** One open socket and the byte counts already reported for it. */
interface LiveSocket {
  socket: net.Socket;
  sentReported: number;
  receivedReported: number;
}

/** Per-worker connection counters; sockets register once at connect, so persistent ops cost nothing. */
export class ConnectionCounters {
  /** Counts since the last take; the bytes are those of sockets that closed meanwhile. */
  private counts = zeroCounts();
  private readonly live = new Set<LiveSocket>();

  /** Counts `socket` as opened once it connects, and as closed (with its last bytes) when it closes. */
  track(socket: net.Socket): void {
    const entry: LiveSocket = { socket, sentReported: 0, receivedReported: 0 };
    const onConnect = (): void => {
      this.counts.connectionsOpened++;
      this.live.add(entry);
      socket.once('close', () => {
        this.counts.connectionsClosed++;
        this.live.delete(entry);
        this.counts.bytesSent += socket.bytesWritten - entry.sentReported;
        this.counts.bytesReceived += socket.bytesRead - entry.receivedReported;
      });
    };
    // A socket handed over already connected (per-op policy connects before ldapts sees it).
    if (!socket.connecting && socket.readyState === 'open') onConnect();
    else socket.once('connect', onConnect);
  }

  /** Counts a connection that dropped and was reopened outside the connection policy. */
  reconnected(): void {
    this.counts.reconnects++;
  }

  /** Connections open right now. */
  get openNow(): number {
    return this.live.size;
  }

  /** Returns the counts since the previous call and starts counting afresh. */
  take(): ConnectionCounts {
    const { counts } = this;
    this.counts = zeroCounts();
    // Live sockets report their growth since the last take: bytes land in the second they moved.
    for (const entry of this.live) {
      const sent = entry.socket.bytesWritten;
      const received = entry.socket.bytesRead;
      counts.bytesSent += sent - entry.sentReported;
      counts.bytesReceived += received - entry.receivedReported;
      entry.sentReported = sent;
      entry.receivedReported = received;
    }
    return counts;
  }
}
