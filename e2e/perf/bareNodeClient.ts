// The least a Node load client can do for the peer benchmark's workloads: raw sockets reading into
// one reused buffer, every request encoded at start-up (per op only the message id and, for modifies,
// the value are written), answers cut by DirBench's framer, no ldapts, no load engine, no latency.
// What it costs per op is the floor under any Node load tool on this machine.
// Run by peer-searchrate.ts; prints "Warm-up completed.", then "second N ops M" per measured second,
// then one JSON line {opsPerSec, ops, errors, entriesPerOp}.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { tlvSize, writeLength } from '../../src/core/ldap/lean/berWrite.ts';
import { ResponseFramer } from '../../src/core/ldap/lean/frame.ts';
import type { FrameSink } from '../../src/core/ldap/lean/frame.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'dn-file': { type: 'string' },
    op: { type: 'string', default: 'search' },
    connections: { type: 'string', default: '8' },
    depth: { type: 'string', default: '1' },
    'bind-dn': { type: 'string' },
    'password-file': { type: 'string' },
    attribute: { type: 'string', default: 'title' },
    'value-length': { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '15' },
  },
});

function required(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== 'string') throw new Error(`bareNodeClient: --${name} is required`);
  return value;
}

const port = Number(required('port'));
const connections = Number(values.connections);
const depth = Number(values.depth);
const warmupS = Number(values.warmup);
const durationS = Number(values.duration);
const op = values.op;
if (op !== 'search' && op !== 'modify')
  throw new Error(`bareNodeClient: --op search|modify, got ${op}`);

const BIND_RESPONSE = 0x61;
const SEARCH_DONE = 0x65;
const MODIFY_RESPONSE = 0x67;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A TLV of `tag` around `content`. */
function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const out = Buffer.allocUnsafe(tlvSize(body.length));
  out[0] = tag;
  body.copy(out, writeLength(out, 1, body.length));
  return out;
}

const octets = (text: string): Buffer => tlv(0x04, Buffer.from(text, 'utf8'));

/** One request's protocol op, encoded once; `valueAt` is where a modify's random value starts (-1: none). */
interface Body {
  bytes: Buffer;
  valueAt: number;
}

const valueLength = Number(values['value-length']);

function searchBody(dn: string): Body {
  // base scope, never deref, no limits, attributes only false, (objectClass=*), all attributes.
  const fixed = Buffer.from([0x0a, 1, 0, 0x0a, 1, 0, 0x02, 1, 0, 0x02, 1, 0, 0x01, 1, 0]);
  const filter = tlv(0x87, Buffer.from('objectClass'));
  return { bytes: tlv(0x63, octets(dn), fixed, filter, tlv(0x30)), valueAt: -1 };
}

function modifyBody(dn: string): Body {
  const value = tlv(0x04, Buffer.alloc(valueLength, 0x61));
  const change = tlv(
    0x30,
    Buffer.from([0x0a, 1, 2]),
    tlv(0x30, octets(values.attribute), tlv(0x31, value)),
  );
  const bytes = tlv(0x66, octets(dn), tlv(0x30, change));
  return { bytes, valueAt: bytes.length - valueLength };
}

const dns = readFileSync(required('dn-file'), 'utf8')
  .split('\n')
  .filter((line) => line !== '');
const bodies = dns.map(op === 'search' ? searchBody : modifyBody);

/** The LDAPMessage with `messageId` around `body`, the random value filled in. */
function message(messageId: number, body: Body): Buffer {
  const idSize = messageId < 0x80 ? 1 : messageId < 0x8000 ? 2 : messageId < 0x80_0000 ? 3 : 4;
  const content = 2 + idSize + body.bytes.length;
  const out = Buffer.allocUnsafe(tlvSize(content));
  out[0] = 0x30;
  let pos = writeLength(out, 1, content);
  out[pos++] = 0x02;
  out[pos++] = idSize;
  for (let i = idSize - 1; i >= 0; i--) out[pos++] = (messageId >> (8 * i)) & 0xff;
  body.bytes.copy(out, pos);
  if (body.valueAt >= 0) {
    const at = pos + body.valueAt;
    for (let i = 0; i < valueLength; i++)
      out[at + i] = LETTERS.charCodeAt((Math.random() * 26) | 0);
  }
  return out;
}

const bindBody: Body | null =
  values['bind-dn'] === undefined
    ? null
    : {
        bytes: tlv(
          0x60,
          Buffer.from([0x02, 1, 3]),
          octets(values['bind-dn']),
          tlv(0x80, Buffer.from(readFileSync(required('password-file'), 'utf8').trim())),
        ),
        valueAt: -1,
      };

let ops = 0;
let errors = 0;
let entries = 0;
let ready = 0;
const finalTag = op === 'search' ? SEARCH_DONE : MODIFY_RESPONSE;
const shared = Buffer.allocUnsafe(64 * 1024);

/** One connection: bind (when asked), then `depth` requests kept in flight. */
function connection(onReady: () => void): void {
  let nextId = 1;
  let corked = false;
  const socket = net.connect({
    port,
    host: '127.0.0.1',
    noDelay: true,
    onread: {
      buffer: shared,
      callback(bytes: number, buf: Uint8Array): boolean {
        framer.receive(Buffer.from(buf.buffer, buf.byteOffset, bytes), true);
        return true;
      },
    },
  });
  const send = (body: Body): void => {
    if (depth > 1 && !corked) {
      socket.cork();
      corked = true;
      process.nextTick(() => {
        corked = false;
        socket.uncork();
      });
    }
    socket.write(message(nextId++, body));
  };
  const next = (): void => send(bodies[(Math.random() * bodies.length) | 0] as Body);
  const start = (): void => {
    onReady();
    for (let i = 0; i < depth; i++) next();
  };
  const sink: FrameSink = {
    countable: () => {
      entries++;
      return true;
    },
    finish: (_id, opTag, resultCode) => {
      if (opTag === BIND_RESPONSE) {
        if (resultCode !== 0)
          throw new Error(`bareNodeClient: bind failed with result ${resultCode}`);
        start();
        return true;
      }
      if (opTag !== finalTag || resultCode !== 0) errors++;
      else ops++;
      next();
      return true;
    },
    handOver: () => {
      errors++;
    },
    refuse: (err) => {
      throw err;
    },
  };
  const framer = new ResponseFramer(sink);
  socket.once('connect', () => (bindBody === null ? start() : send(bindBody)));
  socket.once('error', (err) => {
    process.stderr.write(`bareNodeClient: ${err.message}\n`);
    process.exit(1);
  });
}

/** Counts seconds from when every connection is ready; prints the window's edges and exits. */
function measure(): void {
  let second = 0;
  let opsAtStart = 0;
  let entriesAtStart = 0;
  let lastOps = 0;
  const timer = setInterval(() => {
    second++;
    if (second === warmupS) {
      opsAtStart = ops;
      entriesAtStart = entries;
      process.stdout.write('Warm-up completed.\n');
    } else if (second > warmupS) {
      process.stdout.write(`second ${second - warmupS} ops ${ops - lastOps}\n`);
    }
    lastOps = ops;
    if (second === warmupS + durationS) {
      clearInterval(timer);
      const measured = ops - opsAtStart;
      const summary = {
        opsPerSec: measured / durationS,
        ops: measured,
        errors,
        entriesPerOp: measured > 0 ? (entries - entriesAtStart) / measured : 0,
      };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
      process.exit(0);
    }
  }, 1000);
}

for (let i = 0; i < connections; i++) {
  connection(() => {
    if (++ready === connections) measure();
  });
}
