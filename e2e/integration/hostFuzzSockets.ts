// Raw-socket HTTP garbage and WebSocket sessions for the browser-mode fuzz (host-fuzz.test.ts), each
// rebuilt from (seed, index) alone, with what each may get back.
import { connect } from 'node:net';
import { WebSocket } from 'ws';
import { streamFor } from '../../src/core/datagen/prng.ts';
import type { Prng } from '../../src/core/datagen/prng.ts';
import type { ServerFacts } from './hostFuzzCases.ts';

/** How long one raw exchange or WebSocket session may take before it counts as hung. */
export const SESSION_TIMEOUT_MS = 10_000;

/** Bytes written on one connection, then half-closed; `credentialed` when they carry the token. */
export interface RawCase {
  index: number;
  bytes: Buffer;
  credentialed: boolean;
  what: string;
}

/** What came back on a raw connection before the server closed it. */
export interface RawReply {
  bytes: Buffer;
  /** Every HTTP status line's code, in order (pipelined requests get several). */
  statuses: number[];
}

const CRLF = '\r\n';

function pickWeighted<T>(rng: Prng, items: readonly (readonly [number, T])[]): T {
  const total = items.reduce((sum, [weight]) => sum + weight, 0);
  let roll = rng.int(total);
  for (const [weight, item] of items) {
    if (roll < weight) return item;
    roll -= weight;
  }
  return (items[items.length - 1] as readonly [number, T])[1];
}

function bytesOf(rng: Prng, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => rng.int(256)));
}

/** Builds raw HTTP case `index` of run `seed`: broken request lines, headers, framing and bodies. */
export function rawHttpCase(seed: number, index: number, server: ServerFacts): RawCase {
  const rng = streamFor(seed, index);
  const host = `Host: 127.0.0.1:${server.port}`;
  const credentialed = rng.int(3) === 0;
  const cookie = credentialed ? `Cookie: dirbench_token=${server.token}` : 'Cookie: a=b';
  const json = 'Content-Type: application/json';
  const kind = pickWeighted(rng, [
    [3, 'random bytes'],
    [3, 'request line'],
    [3, 'header'],
    [3, 'framing'],
    [1, 'pipelined'],
    [1, 'truncated'],
  ] as const);
  let text: string | Buffer;
  switch (kind) {
    case 'random bytes':
      text = bytesOf(rng, 1 + rng.int(400));
      break;
    case 'request line': {
      const method = rng.pick([
        'GET',
        'POST',
        'get',
        'G ET',
        '',
        'CONNECT',
        'PRI',
        '\u0000',
        'GET\t',
      ]);
      const target = rng.pick([
        '/',
        '/api/runs/active',
        '/a b',
        '/\u0000',
        '/\u007f',
        '/\u0001x',
        '*',
        'http://evil.example/',
        'http://[bad/',
        '//x',
        `http://127.0.0.1:${server.port}/api/runs/active`,
        'https://127.0.0.1/api/x',
        `/${'x'.repeat(20_000)}`,
        '/%E0%A4%A',
        '',
      ]);
      const version = rng.pick([
        'HTTP/1.1',
        'HTTP/1.0',
        'HTTP/2.0',
        'HTTP/1.1x',
        '',
        'http/1.1',
        'HTTP/0.9',
      ]);
      text = `${method} ${target} ${version}${CRLF}${host}${CRLF}${cookie}${CRLF}${CRLF}`;
      break;
    }
    case 'header': {
      const bad = rng.pick([
        'NoColon',
        'Bad Name: x',
        'X-Nul: a\u0000b',
        'X-Fold: a\r\n  folded',
        'X-Bare: a\nX-Other: b',
        'X-CR: a\rb',
        `X-Long: ${'v'.repeat(20_000)}`,
        Array.from({ length: 150 }, (_, i) => `X-H${i}: ${i}`).join(CRLF),
        'Content-Length: 5\r\nContent-Length: 6',
        'Content-Length: -1',
        'Content-Length: 1e3',
        'Content-Length: 99999999999999999999',
        ': empty-name',
        'Host: evil.example',
        'Host: ',
        'Host: 127.0.0.1',
        `Host: 127.0.0.1:${server.port}`,
        'Upgrade: websocket\r\nConnection: Upgrade',
      ]);
      text = `POST /api/runs/active HTTP/1.1${CRLF}${host}${CRLF}${cookie}${CRLF}${json}${CRLF}${bad}${CRLF}${CRLF}{}`;
      break;
    }
    case 'framing': {
      const head = `POST /api/${rng.pick(['runs/active', 'history/list', 'workloads/check', 'runs/start'])} HTTP/1.1${CRLF}${host}${CRLF}${cookie}${CRLF}${json}${CRLF}`;
      text = rng.pick([
        `${head}Transfer-Encoding: chunked${CRLF}${CRLF}zz${CRLF}{}${CRLF}0${CRLF}${CRLF}`,
        `${head}Transfer-Encoding: chunked${CRLF}Content-Length: 2${CRLF}${CRLF}2${CRLF}{}${CRLF}0${CRLF}${CRLF}`,
        `${head}Transfer-Encoding: chunked${CRLF}${CRLF}ffffffffffffffff${CRLF}{}`,
        `${head}Transfer-Encoding: chunked${CRLF}${CRLF}2;${'e'.repeat(20_000)}${CRLF}{}${CRLF}0${CRLF}${CRLF}`,
        `${head}Transfer-Encoding: gzip, chunked${CRLF}${CRLF}2${CRLF}{}${CRLF}0${CRLF}${CRLF}`,
        `${head}Content-Length: 999999999${CRLF}${CRLF}{"req":{}}`,
        `${head}Content-Length: 2${CRLF}${CRLF}{"req":{}}`,
        `${head}Content-Length: 20${CRLF}${CRLF}{}`,
        `${head}Expect: 100-continue${CRLF}Content-Length: 2${CRLF}${CRLF}{}`,
        `${head}Content-Length: 4${CRLF}${CRLF}\u0000\u00ff\u0001x`,
      ]);
      break;
    }
    case 'pipelined': {
      const one = `GET /%E0%A4%A HTTP/1.1${CRLF}${host}${CRLF}${cookie}${CRLF}${CRLF}`;
      const two = `POST /api/runs/active HTTP/1.1${CRLF}${host}${CRLF}${cookie}${CRLF}${json}${CRLF}Content-Length: 2${CRLF}${CRLF}{}`;
      text = Buffer.concat([Buffer.from(one + two + one), bytesOf(rng, rng.int(50))]);
      break;
    }
    default: {
      const full = `POST /api/history/list HTTP/1.1${CRLF}${host}${CRLF}${cookie}${CRLF}${json}${CRLF}Content-Length: 12${CRLF}${CRLF}{"req":{}}`;
      text = full.slice(0, rng.int(full.length));
    }
  }
  const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
  return { index, bytes, credentialed, what: `raw ${kind}` };
}

/** Writes `bytes`, half-closes, and collects the reply until the server closes (or the timeout). */
export function rawExchange(port: number, bytes: Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const socket = connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end of the exchange in ${SESSION_TIMEOUT_MS} ms`));
    }, SESSION_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => {
      // Only the heads matter; a big static file is not kept whole.
      if (size < 256 * 1024) chunks.push(chunk);
      size += chunk.length;
    });
    // The server may reset a connection that sent garbage: what arrived before counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const reply = Buffer.concat(chunks);
      const statuses = [...reply.toString('latin1').matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((m) =>
        Number(m[1]),
      );
      resolve({ bytes: reply, statuses });
    });
    socket.on('connect', () => socket.end(bytes));
  });
}

/** What a WebSocket session does once it is open, and the close code the host must answer with. */
type WsAction =
  | { kind: 'text'; data: string; expect: number }
  | { kind: 'binary'; data: Buffer; expect: number }
  | { kind: 'bad-utf8'; data: Buffer; expect: number }
  | { kind: 'burst'; frames: (string | Buffer)[]; expect: number }
  | { kind: 'ping-close'; expect: number }
  | { kind: 'terminate' };

/** A WebSocket session through the `ws` client: the handshake's headers and what it sends once open. */
export interface WsCase {
  index: number;
  path: string;
  headers: Record<string, string>;
  origin: string | undefined;
  /** The status a refused handshake must get, or 101 when it must open. */
  expectStatus: number;
  action: WsAction;
}

const EVENT_TYPES = ['subscribe', 'ping', 'run/started', 'hello', '', '__proto__'];

/** Builds WebSocket case `index` of run `seed`. */
export function wsCase(seed: number, index: number, server: ServerFacts): WsCase {
  const rng = streamFor(seed, index);
  const own = `http://127.0.0.1:${server.port}`;
  const cookie = `dirbench_token=${server.token}`;
  let path = '/api/events';
  let headers: Record<string, string> = { Cookie: cookie };
  let origin: string | undefined = own;
  let expectStatus = 101;
  switch (rng.int(20)) {
    case 0:
      headers = {};
      expectStatus = 401;
      break;
    case 1:
      headers = { Cookie: 'dirbench_token=guess' };
      expectStatus = 401;
      break;
    case 2:
      origin = rng.pick(['http://evil.example', 'null', `https://127.0.0.1:${server.port}`]);
      expectStatus = 403;
      break;
    case 3:
      headers = { Cookie: cookie, Host: `evil.example:${server.port}` };
      expectStatus = 403;
      break;
    case 4:
      path = rng.pick([
        '/api/events/x',
        '/api/eventsx',
        '/ws',
        '/',
        '/api/runs/active',
        '/%E0%A4%A',
      ]);
      expectStatus = 404;
      break;
    case 5:
      // No Origin (a non-browser client) is trusted, as on plain HTTP.
      origin = undefined;
      break;
    default:
      break;
  }
  const action = pickWeighted<() => WsAction>(rng, [
    [
      3,
      () => ({
        kind: 'text',
        data: rng.pick(['hello', '{', '{"type":', 'undefined', "{'a':1}", '']),
        expect: 1007,
      }),
    ],
    [
      3,
      () => ({
        kind: 'text',
        data: JSON.stringify(
          rng.pick([
            { type: rng.pick(EVENT_TYPES) },
            { event: 'run/sample', payload: {} },
            [1, 2],
            5,
            'x',
            null,
            { type: 'x'.repeat(200) },
            { type: 'é'.repeat(40) },
          ]),
        ),
        expect: 1008,
      }),
    ],
    [2, () => ({ kind: 'binary', data: bytesOf(rng, 1 + rng.int(300)), expect: 1003 })],
    [
      2,
      () => {
        const size = rng.pick([4097, 10_000, 70_000, 200_000]);
        return rng.int(2) === 0
          ? { kind: 'binary', data: Buffer.alloc(size, 1), expect: 1009 }
          : { kind: 'text', data: 'x'.repeat(size), expect: 1009 };
      },
    ],
    [1, () => ({ kind: 'bad-utf8', data: Buffer.from([0x7b, 0xc3, 0x28, 0xff]), expect: 1007 })],
    [
      2,
      () => ({
        kind: 'burst',
        frames: ['not json', Buffer.from([1, 2, 3]), '{"type":"x"}', 'again'],
        expect: 1007,
      }),
    ],
    [1, () => ({ kind: 'ping-close', expect: 1000 })],
    [1, () => ({ kind: 'terminate' })],
  ])();
  return { index, path, headers, origin, expectStatus, action };
}

/** What happened in a WebSocket session. */
export interface WsOutcome {
  /** 101 when it opened, else the refused handshake's status. */
  status: number;
  /** The close code the client saw, when it opened and was not terminated by the client. */
  closeCode: number | null;
}

/** Runs one WebSocket session to its end, bounded by SESSION_TIMEOUT_MS. */
export function runWsCase(port: number, c: WsCase): Promise<WsOutcome> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${c.path}`, {
      headers: c.headers,
      ...(c.origin === undefined ? {} : { origin: c.origin }),
      handshakeTimeout: SESSION_TIMEOUT_MS,
    });
    let status = 0;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`session still open after ${SESSION_TIMEOUT_MS} ms`));
    }, SESSION_TIMEOUT_MS);
    const done = (outcome: WsOutcome): void => {
      clearTimeout(timer);
      resolve(outcome);
    };
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      ws.terminate();
      done({ status: res.statusCode ?? 0, closeCode: null });
    });
    // A send racing the host's close fails on the client side; the close event still tells the code.
    ws.on('error', () => undefined);
    ws.on('close', (code) => done({ status, closeCode: code }));
    ws.on('open', () => {
      status = 101;
      const action = c.action;
      switch (action.kind) {
        case 'text':
          ws.send(action.data);
          break;
        case 'binary':
          ws.send(action.data, { binary: true });
          break;
        case 'bad-utf8':
          ws.send(action.data, { binary: false });
          break;
        case 'burst':
          for (const frame of action.frames) ws.send(frame, { binary: typeof frame !== 'string' });
          break;
        case 'ping-close':
          ws.ping();
          ws.close(1000);
          break;
        default:
          ws.terminate();
      }
    });
  });
}

/** RFC 6455 close codes a peer may send (1004-1006 and 1015 are never sent on the wire). */
export function isSendableCloseCode(code: number): boolean {
  return (
    (code >= 1000 && code <= 1003) ||
    (code >= 1007 && code <= 1014) ||
    (code >= 3000 && code <= 4999)
  );
}

/** One client frame: masked unless told otherwise, any opcode, any length field. */
function frame(
  rng: Prng,
  opcode: number,
  payload: Buffer,
  options: { fin?: boolean; masked?: boolean; rsv?: number; declaredLength?: bigint } = {},
): Buffer {
  const { fin = true, masked = true, rsv = 0 } = options;
  const length = options.declaredLength ?? BigInt(payload.length);
  const first = (fin ? 0x80 : 0) | ((rsv & 7) << 4) | (opcode & 0x0f);
  let lengthBytes: Buffer;
  if (length < 126n) lengthBytes = Buffer.from([Number(length) | (masked ? 0x80 : 0)]);
  else if (length < 65536n) {
    lengthBytes = Buffer.alloc(3);
    lengthBytes[0] = 126 | (masked ? 0x80 : 0);
    lengthBytes.writeUInt16BE(Number(length), 1);
  } else {
    lengthBytes = Buffer.alloc(9);
    lengthBytes[0] = 127 | (masked ? 0x80 : 0);
    lengthBytes.writeBigUInt64BE(length, 1);
  }
  if (!masked) return Buffer.concat([Buffer.from([first]), lengthBytes, payload]);
  const mask = bytesOf(rng, 4);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i++) body[i] = (body[i] as number) ^ (mask[i % 4] as number);
  return Buffer.concat([Buffer.from([first]), lengthBytes, mask, body]);
}

function closePayload(code: number, reason = ''): Buffer {
  const out = Buffer.alloc(2 + Buffer.byteLength(reason));
  out.writeUInt16BE(code, 0);
  out.write(reason, 2);
  return out;
}

/** A raw WebSocket session: a handshake (sometimes broken) and garbage frames after it. */
export interface RawWsCase {
  index: number;
  bytes: Buffer;
  /** True when the handshake is valid, so the host must answer 101 before it judges the frames. */
  opens: boolean;
  what: string;
}

/** Builds raw WebSocket case `index` of run `seed`: a handshake, then garbage frames. */
export function rawWsCase(seed: number, index: number, server: ServerFacts): RawWsCase {
  const rng = streamFor(seed, index);
  const key = `Sec-WebSocket-Key: ${bytesOf(rng, 16).toString('base64')}`;
  const good = {
    line: 'GET /api/events HTTP/1.1',
    key,
    version: 'Sec-WebSocket-Version: 13',
    upgrade: `Upgrade: websocket${CRLF}Connection: Upgrade`,
  };
  const broken = rng.int(10) === 0;
  if (broken) {
    switch (rng.int(5)) {
      case 0:
        good.key = rng.pick(['Sec-WebSocket-Key: short', 'X-No-Key: 1']);
        break;
      case 1:
        good.version = rng.pick(['Sec-WebSocket-Version: 99', 'X-No-Version: 1']);
        break;
      case 2:
        good.line = 'POST /api/events HTTP/1.1';
        break;
      case 3:
        good.upgrade = `Upgrade: h2c${CRLF}Connection: Upgrade`;
        break;
      default:
        // A subprotocol list that is not one (ws refuses it; extensions it would only ignore).
        good.key = `${key}${CRLF}Sec-WebSocket-Protocol: ${rng.pick(['a b', 'a,,b', 'x, x'])}`;
    }
  }
  const handshake =
    `${good.line}${CRLF}Host: 127.0.0.1:${server.port}${CRLF}` +
    `Origin: http://127.0.0.1:${server.port}${CRLF}Cookie: dirbench_token=${server.token}${CRLF}` +
    `${good.upgrade}${CRLF}${good.key}${CRLF}${good.version}${CRLF}${CRLF}`;
  const frames: Buffer[] = [];
  const count = 1 + rng.int(5);
  for (let i = 0; i < count; i++) {
    frames.push(
      pickWeighted<() => Buffer>(rng, [
        [3, () => frame(rng, 1, bytesOf(rng, rng.int(200)))],
        [2, () => frame(rng, 2, bytesOf(rng, rng.int(200)))],
        [
          2,
          () =>
            frame(rng, rng.pick([0, 3, 4, 5, 6, 7, 11, 12, 13, 14, 15]), bytesOf(rng, rng.int(20))),
        ],
        [2, () => frame(rng, 1, Buffer.from('{"type":"x"}'), { masked: false })],
        [1, () => frame(rng, 1, Buffer.from('x'), { rsv: 1 + rng.int(7) })],
        [1, () => frame(rng, 1, Buffer.from('abc'), { fin: false })],
        [1, () => frame(rng, 9, bytesOf(rng, 126 + rng.int(50)))],
        [1, () => frame(rng, 9, bytesOf(rng, rng.int(10)), { fin: false })],
        [2, () => frame(rng, 9, bytesOf(rng, rng.int(20)))],
        [1, () => frame(rng, 10, bytesOf(rng, rng.int(20)))],
        [2, () => frame(rng, 8, closePayload(rng.pick([1000, 1001, 3000, 4999])))],
        [
          1,
          () =>
            frame(
              rng,
              8,
              closePayload(rng.pick([0, 999, 1004, 1005, 1006, 1015, 2000, 5000, 65535])),
            ),
        ],
        [1, () => frame(rng, 8, Buffer.from([3]))],
        [1, () => frame(rng, 8, Buffer.concat([closePayload(1000), Buffer.from([0xff, 0xfe])]))],
        [1, () => frame(rng, 2, Buffer.alloc(10), { declaredLength: 2n ** 63n + 5n })],
        [1, () => frame(rng, 2, Buffer.alloc(10), { declaredLength: 100_000n })],
        [1, () => bytesOf(rng, 1 + rng.int(30))],
      ])(),
    );
  }
  return {
    index,
    bytes: Buffer.concat([Buffer.from(handshake, 'latin1'), ...frames]),
    opens: !broken,
    what: `raw WebSocket session of ${count} frames${broken ? ' after a broken handshake' : ''}`,
  };
}

/** The close code in the first close frame the server sent after its 101, null when it sent none. */
export function serverCloseCode(reply: Buffer): number | null {
  const headEnd = reply.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  let at = headEnd + 4;
  // Server frames are unmasked; the host never sends anything but a close before it ends a session.
  while (at + 2 <= reply.length) {
    const opcode = (reply[at] as number) & 0x0f;
    let length = (reply[at + 1] as number) & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = reply.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      length = Number(reply.readBigUInt64BE(start));
      start += 8;
    }
    if (opcode === 8) return length >= 2 ? reply.readUInt16BE(start) : 1005;
    at = start + length;
  }
  return null;
}
