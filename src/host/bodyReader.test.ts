import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { discardBody, readBody } from './bodyReader.ts';
import { RequestRefused } from './requestChecks.ts';

const LIMIT_BYTES = 1000;
const DISCARD_LIMIT_BYTES = 50_000;

let server: Server;
let port = 0;
/** What the server does with the next request; by default it answers what readBody made of the body. */
let handle: (req: IncomingMessage, res: ServerResponse) => void = answerRead;

function answerRead(req: IncomingMessage, res: ServerResponse): void {
  readBody(req, LIMIT_BYTES).then(
    (text) => {
      if (text !== null) res.end(`read ${Buffer.byteLength(text)}`);
    },
    (err: unknown) => {
      assert.ok(err instanceof RequestRefused);
      discardBody(req, DISCARD_LIMIT_BYTES);
      res.writeHead(err.status).end(`refused ${err.status}`);
    },
  );
}

before(async () => {
  server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Posts `chunks` (chunked, so nothing is declared up front) and answers the status and body. */
function post(chunks: Buffer[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/' }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(`${res.statusCode} ${text}`));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

test('a body within the limit is read whole, as UTF-8', async () => {
  assert.equal(await post([Buffer.from('{"req":'), Buffer.from('"é"}')]), '200 read 12');
  assert.equal(await post([]), '200 read 0');
  assert.equal(await post([Buffer.alloc(LIMIT_BYTES, 0x20)]), `200 read ${LIMIT_BYTES}`);
});

test('a body past the limit is refused with 413 while the rest is dropped, so the client reads the answer', async () => {
  const answer = await post([Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(20_000)]);
  assert.equal(answer, '413 refused 413');
});

test('a client that keeps sending past the discard limit loses its connection', async () => {
  const MAX_SENT_BYTES = 20 * 1024 * 1024;
  // A raw socket, so nothing but the server can end the upload early.
  const sent = await new Promise<number>((resolve) => {
    let total = 0;
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => resolve(total));
    socket.on('close', () => resolve(total));
    socket.resume();
    const chunk = Buffer.concat([
      Buffer.from(`10000\r\n`),
      Buffer.alloc(0x10000, 0x20),
      Buffer.from('\r\n'),
    ]);
    const pump = (): void => {
      while (total < MAX_SENT_BYTES) {
        total += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      socket.end('0\r\n\r\n');
    };
    socket.once('connect', () => {
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
      pump();
    });
  });
  // Cut well before the client was done: the discard limit plus what the socket buffers held.
  assert.ok(sent < MAX_SENT_BYTES, `the server read all ${sent} bytes`);
});

test('a client that leaves mid-body resolves null: nobody is answered, nothing is left waiting', async () => {
  let leave = (): void => undefined;
  const outcome = new Promise<string | null>((resolve) => {
    handle = (req) => {
      readBody(req, LIMIT_BYTES).then(resolve, () => resolve('refused'));
      leave();
    };
  });
  try {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/' });
    req.on('error', () => undefined);
    leave = () => req.destroy();
    req.write('{"req":');
    assert.equal(await outcome, null);
  } finally {
    handle = answerRead;
  }
});
