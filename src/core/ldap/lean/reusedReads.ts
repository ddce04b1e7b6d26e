// Plain ldap:// load sockets read into one reused buffer instead of a fresh one per read (measured:
// about 1-2 us of user time per op at depth 1); the lean framing consumes each read before the
// next one lands and copies whatever it keeps.
import net from 'node:net';

/** Size of the shared read buffer (what libuv asks for per read on a stream). */
const READ_BUFFER_BYTES = 64 * 1024;

/**
 * One buffer for every such socket of the process: a read is handed to its reader synchronously,
 * and no other read can land in between (one JS thread, libuv reads one socket at a time).
 */
const shared = Buffer.allocUnsafe(READ_BUFFER_BYTES);

/** Sockets made by `connectReusingReads`. */
const reusing = new WeakSet<net.Socket>();

/** Who reads a socket's bytes once the lean path has taken it over. */
const readers = new WeakMap<net.Socket, (chunk: Buffer) => void>();

/**
 * The `onread` option: reads land in the shared buffer. Until a reader is set, each read is copied
 * and emitted as a `data` event, so ldapts reads the socket as it always does (connect, bind).
 */
const onread: net.OnReadOpts = {
  buffer: shared,
  callback(this: net.Socket, bytes: number, buffer: Uint8Array): boolean {
    const chunk = Buffer.from(buffer.buffer, buffer.byteOffset, bytes);
    const reader = readers.get(this);
    if (reader === undefined) this.emit('data', Buffer.from(chunk));
    else reader(chunk);
    // Keep reading: the bytes have been consumed (or copied) already.
    return true;
  },
};

/** `net.connect` reading into the shared buffer. */
export function connectReusingReads(options: net.TcpNetConnectOpts): net.Socket {
  const socket = net.connect({ ...options, onread });
  reusing.add(socket);
  return socket;
}

/** True when `socket` reads into the shared buffer (then only a reader set here sees its bytes without a copy). */
export function readsReused(socket: net.Socket): boolean {
  return reusing.has(socket);
}

/** Hands each read of a `connectReusingReads` socket to `reader`; the chunk is valid during the call only. */
export function readReused(socket: net.Socket, reader: (chunk: Buffer) => void): void {
  readers.set(socket, reader);
}
