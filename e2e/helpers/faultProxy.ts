// Network faults without netem: a TCP proxy in user space between a client and a real server that
// delays, jitters, drops, throttles, resets, blackholes or half-opens its connections on demand.
import net from 'node:net';
import { Prng } from '../../src/core/datagen/prng.ts';

/**
 * What the proxy does to the bytes it forwards (both ways), from the moment it is set:
 * - delay: each chunk waits `ms` plus up to `jitterMs` (order kept, as TCP keeps it);
 * - loss: each chunk is dropped with `percent` chance (the stream after it is then broken, as a
 *   lost segment that is never retransmitted would leave it);
 * - bandwidth: at most `bytesPerS` each way per connection;
 * - blackhole: nothing passes for `seconds` (held, no FIN, no RST), then everything held goes on;
 * - halfOpen: nothing passes and nothing is closed, for ever: connections stay open both ways and
 *   new ones are accepted, as after a peer vanished without a FIN.
 */
export type ProxyFault =
  | { kind: 'none' }
  | { kind: 'delay'; ms: number; jitterMs?: number }
  | { kind: 'loss'; percent: number }
  | { kind: 'bandwidth'; bytesPerS: number }
  | { kind: 'blackhole'; seconds: number }
  | { kind: 'halfOpen' };

/** A running proxy. */
export interface FaultProxy {
  /** ldap://127.0.0.1:PORT of the proxy. */
  url: string;
  port: number;
  /** Applies `fault` to every connection, open and new. */
  set(fault: ProxyFault): void;
  /** Resets (RST) every open connection, both sides. */
  resetAll(): void;
  /** Connections accepted so far. */
  accepted(): number;
  /** Closes the listener and every connection. */
  close(): Promise<void>;
}

/** One direction of one connection: chunks queued with the time they may leave. */
class Lane {
  private readonly queue: { at: number; chunk: Buffer }[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** When the bandwidth cap lets the next byte leave. */
  private freeAtMs = 0;
  private readonly to: net.Socket;
  private readonly proxy: ProxyState;

  constructor(to: net.Socket, proxy: ProxyState) {
    this.to = to;
    this.proxy = proxy;
  }

  push(chunk: Buffer): void {
    const fault = this.proxy.fault;
    const now = Date.now();
    if (fault.kind === 'loss' && this.proxy.rng.next() * 100 < fault.percent) return;
    let at = now;
    if (fault.kind === 'delay') at += fault.ms + this.proxy.rng.next() * (fault.jitterMs ?? 0);
    if (fault.kind === 'bandwidth') {
      this.freeAtMs = Math.max(this.freeAtMs, now) + (chunk.length * 1000) / fault.bytesPerS;
      at = this.freeAtMs;
    }
    // Order is kept: a chunk never overtakes one queued before it.
    const last = this.queue.at(-1);
    this.queue.push({ at: Math.max(at, last?.at ?? 0), chunk });
    this.pump();
  }

  /** Sends what is due; waits while the proxy blackholes or half-opens. */
  pump(): void {
    if (this.timer !== null) return;
    const now = Date.now();
    const held = this.proxy.holdUntilMs;
    while (this.queue.length > 0 && !this.to.destroyed) {
      const next = this.queue[0] as { at: number; chunk: Buffer };
      const due = Math.max(next.at, held);
      if (due > now) {
        if (Number.isFinite(due)) this.timer = setTimeout(() => this.wake(), due - now);
        return;
      }
      this.queue.shift();
      this.to.write(next.chunk);
    }
  }

  private wake(): void {
    this.timer = null;
    this.pump();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.queue.length = 0;
  }
}

/** The proxy's current fault and its lanes. */
interface ProxyState {
  fault: ProxyFault;
  /** Nothing leaves before this time (Infinity: half-open). */
  holdUntilMs: number;
  rng: Prng;
  lanes: Set<Lane>;
}

/** Starts a proxy on 127.0.0.1 forwarding to `upstreamPort` on 127.0.0.1; `seed` drives loss and jitter. */
export async function startFaultProxy(upstreamPort: number, seed = 1): Promise<FaultProxy> {
  const state: ProxyState = {
    fault: { kind: 'none' },
    holdUntilMs: 0,
    rng: new Prng(seed),
    lanes: new Set(),
  };
  const pairs = new Set<[net.Socket, net.Socket]>();
  let accepted = 0;
  const server = net.createServer({ noDelay: true }, (client) => {
    accepted++;
    const upstream = net.connect({ host: '127.0.0.1', port: upstreamPort, noDelay: true });
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const toUpstream = new Lane(upstream, state);
    const toClient = new Lane(client, state);
    state.lanes.add(toUpstream).add(toClient);
    client.on('data', (chunk: Buffer) => toUpstream.push(chunk));
    upstream.on('data', (chunk: Buffer) => toClient.push(chunk));
    const end = (): void => {
      // A half-open peer sends no FIN: the other side only learns of a close by its own means.
      if (state.holdUntilMs === Infinity) return;
      pairs.delete(pair);
      state.lanes.delete(toUpstream);
      state.lanes.delete(toClient);
      toUpstream.stop();
      toClient.stop();
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `ldap://127.0.0.1:${port}`,
    port,
    set(fault) {
      state.fault = fault;
      state.holdUntilMs =
        fault.kind === 'halfOpen'
          ? Infinity
          : fault.kind === 'blackhole'
            ? Date.now() + fault.seconds * 1000
            : 0;
      for (const lane of state.lanes) lane.pump();
    },
    resetAll() {
      for (const [client, upstream] of pairs) {
        client.resetAndDestroy();
        upstream.resetAndDestroy();
      }
    },
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        state.holdUntilMs = 0;
        for (const lane of state.lanes) lane.stop();
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
