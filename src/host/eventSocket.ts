// The live-event WebSocket on the host side: the host only sends on it, so anything a client sends closes it.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import type { HostLog } from './hostLog.ts';

/** Largest frame taken from a client: none is expected, and control frames carry at most 125 bytes. */
export const EVENT_SOCKET_MAX_PAYLOAD_BYTES = 4 * 1024;

/** Longest close reason a close frame carries (RFC 6455: 125 bytes of payload, 2 of them the code). */
const MAX_CLOSE_REASON_BYTES = 123;

/** The RFC 6455 close codes the host closes the event socket with. */
export const CLOSE_CODE = {
  /** A binary frame: only text is ever exchanged. */
  unsupportedData: 1003,
  /** Text that is not JSON, which every message on this socket is. */
  invalidPayload: 1007,
  /** Well-formed JSON: still no message a client may send. */
  policyViolation: 1008,
} as const;

/** How the host answers one client frame: the close code and reason, and the kind it is logged under. */
export interface FrameRefusal {
  code: number;
  reason: string;
  kind: 'ws-binary' | 'ws-not-json' | 'ws-unknown-type';
}

/** Why a client's frame is refused: every one is, the event socket accepts no messages. */
export function clientFrameRefusal(data: RawData, isBinary: boolean): FrameRefusal {
  if (isBinary) {
    return {
      code: CLOSE_CODE.unsupportedData,
      reason: 'binary frames are not accepted: this socket only sends events',
      kind: 'ws-binary',
    };
  }
  let message: unknown;
  try {
    message = JSON.parse(rawText(data));
  } catch {
    return {
      code: CLOSE_CODE.invalidPayload,
      reason: 'messages on this socket are JSON, and it accepts none from clients',
      kind: 'ws-not-json',
    };
  }
  const type =
    typeof message === 'object' && message !== null && 'type' in message ? message.type : undefined;
  const named =
    typeof type === 'string'
      ? `unknown message type ${JSON.stringify(type)}: this socket accepts no messages`
      : '';
  return {
    code: CLOSE_CODE.policyViolation,
    // A close reason holds at most 123 bytes: the type is named only when it fits.
    reason:
      named !== '' && Buffer.byteLength(named) <= MAX_CLOSE_REASON_BYTES
        ? named
        : 'unknown message: this socket only sends events and accepts no messages',
    kind: 'ws-unknown-type',
  };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.from(new Uint8Array(data)).toString('utf8');
}

/** Watches a connected client: frames it sends close the socket (see clientFrameRefusal), protocol errors are logged. */
export function watchEventClient(ws: WebSocket, log: HostLog): void {
  // ws closes the socket itself with the code its receiver chose (1002, 1007, 1009...); it only has to be heard.
  ws.on('error', (err: Error & { code?: string }) =>
    log.refused(`ws-${err.code ?? 'error'}`, 'close', err.message),
  );
  ws.on('message', (data, isBinary) => {
    // The last resort: a listener that throws here would unwind into ws's parser and end the process.
    try {
      refuseFrame(ws, log, data, isBinary);
    } catch (err) {
      log.unexpected('event socket', err);
      ws.terminate();
    }
  });
}

function refuseFrame(ws: WebSocket, log: HostLog, data: RawData, isBinary: boolean): void {
  const size = Array.isArray(data)
    ? data.reduce((sum, part) => sum + part.length, 0)
    : data.byteLength;
  if (ws.readyState !== ws.OPEN) {
    // Frames that were on their way when the host closed: already answered by that close.
    log.refused('ws-after-close', 'ignored', `frame of ${size} bytes`);
    return;
  }
  const refusal = clientFrameRefusal(data, isBinary);
  log.refused(refusal.kind, `close ${refusal.code}`, `frame of ${size} bytes`);
  ws.close(refusal.code, refusal.reason);
}

/** Answers on a raw socket (a refused upgrade, a request Node could not parse) with a plain HTTP status and closes it. */
export function refuseOnSocket(
  socket: Duplex,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  // A client that resets the connection now must not raise an unhandled 'error'.
  socket.on('error', () => socket.destroy());
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(message)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.once('finish', () => socket.destroy());
  socket.end(`${lines.join('\r\n')}\r\n\r\n${message}`);
}
