// Fuzzes browser mode's HTTP and WebSocket entry points against a real `dirbench serve`: 100,000 generated
// requests and thousands of WebSocket sessions; the process must stay up, turn garbage away with a 4xx
// (or a close code), keep its token/Host/Origin gate, and answer the next good request.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { OutgoingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { WebSocket } from 'ws';
import { FUZZ_RUNS } from '../../src/core/testing/fuzzCheck.ts';
import { withFuzzSeed } from '../../src/core/testing/fuzzSeed.ts';
import { REPO_ROOT } from '../helpers/uiServe.ts';
import { answerProblem, describeCase, httpCase, parserRefuses } from './hostFuzzCases.ts';
import type { Answer, HttpCase, ServerFacts } from './hostFuzzCases.ts';
import {
  SESSION_TIMEOUT_MS,
  isSendableCloseCode,
  rawExchange,
  rawHttpCase,
  rawWsCase,
  runWsCase,
  serverCloseCode,
  wsCase,
} from './hostFuzzSockets.ts';
import { rawRequest, spawnServe } from './hostServe.ts';
import type { ServeProcess } from './hostServe.ts';

/** Requests in flight at once: enough to keep both cores busy, few enough for a fair share of sockets. */
const CONCURRENCY = 48;
/** After each this many requests the process must be alive and answer a good request. */
const CHECKPOINT_EVERY = 10_000;
/** One in this many HTTP cases is written on a raw socket (garbage Node's client would not send). */
const RAW_EVERY = 33;
const WS_SESSIONS = 2_000;
const RAW_WS_SESSIONS = 1_000;
/** The whole HTTP batch must end by then, or the test fails instead of running on. */
const HTTP_BUDGET_MS = 75_000;
const WS_BUDGET_MS = 25_000;
/** Failures collected before a batch stops early. */
const MAX_FAILURES = 20;

const RENDERER_DIR = join(REPO_ROOT, 'dist', 'renderer');

/** HTTP cases: DIRBENCH_FUZZ_RUNS scales a run (as for the other fuzzers), FUZZ_RUNS otherwise. */
function httpCaseCount(): number {
  const text = process.env.DIRBENCH_FUZZ_RUNS;
  if (text === undefined || text.trim() === '') return FUZZ_RUNS;
  const runs = Number(text);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(
      `DIRBENCH_FUZZ_RUNS=${text} is not a number of cases: give a whole number >= 1`,
    );
  return runs;
}
const HTTP_CASES = httpCaseCount();

let serve: ServeProcess;
let facts: ServerFacts;
let cookie = '';

before(async () => {
  serve = spawnServe([]);
  const url = new URL(await serve.url);
  const port = Number(url.port);
  const token = url.searchParams.get('token') ?? '';
  cookie = `dirbench_token=${token}`;
  facts = { port, token, assetPaths: assetPaths() };
});

after(async () => serve?.stop());

/** The UI's asset files as paths, [] while it is not built. */
function assetPaths(): string[] {
  try {
    return readdirSync(join(RENDERER_DIR, 'assets')).map((name) => `/assets/${name}`);
  } catch {
    return [];
  }
}

/** What the host answers for a page while dist/renderer is not built (or is being rebuilt). */
const UI_NOT_BUILT = /^The DirBench UI is not built yet: run "npm run build:renderer"/;

/**
 * The 5xx answers allowed, and only this one: 503 for a static path while the UI is not built (a
 * host that works, telling the user to build it; a build in the same checkout can remove it for a
 * moment). Every handler answers a request it cannot use with a 4xx naming the field.
 */
function allowed5xx(c: HttpCase, answer: Answer): boolean {
  // (A HEAD answer carries no body to recognise it by.)
  if (answer.status === 503)
    return c.isStatic && (c.method === 'HEAD' || UI_NOT_BUILT.test(answer.body));
  return false;
}

/** How many answers in a raw reply are the host's "UI not built" page. */
function uiNotBuiltAnswers(reply: Buffer): number {
  return reply.toString('latin1').split('The DirBench UI is not built yet').length - 1;
}

/** True while the serve process runs. */
function alive(): boolean {
  return serve.child.exitCode === null && serve.child.signalCode === null;
}

/** Asserts the process is up and a good authenticated API call and page load answer as they should. */
async function assertAnswersGoodRequests(when: string): Promise<void> {
  assert.ok(alive(), `serve died ${when}:\n${serve.output().slice(-3000)}`);
  const host = `127.0.0.1:${facts.port}`;
  const api = await rawRequest(
    facts.port,
    'POST',
    '/api/runs/active',
    { Host: host, Cookie: cookie, 'Content-Type': 'application/json' },
    '{"req":null}',
  );
  assert.equal(api.status, 200, `runs/active ${when}: ${api.body}`);
  assert.deepEqual(JSON.parse(api.body), { ok: true, res: null });
  const page = await rawRequest(facts.port, 'GET', '/', { Host: host, Cookie: cookie });
  assert.ok(
    page.status === 200 || (page.status === 503 && UI_NOT_BUILT.test(page.body)),
    `GET / ${when}: ${page.status}`,
  );
}

/** Sends one case through the keep-alive agent; retries once when a reused socket was already closed. */
function send(agent: Agent, c: HttpCase, retried = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: facts.port,
        method: c.method,
        path: c.path,
        // Node's client sends a GET/HEAD/DELETE body unframed unless told its length.
        headers: (c.body === undefined
          ? c.headers
          : {
              ...c.headers,
              'Content-Length': String(Buffer.byteLength(c.body)),
            }) as OutgoingHttpHeaders,
        setHost: c.setHost,
        agent,
        timeout: SESSION_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < 4096) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${SESSION_TIMEOUT_MS} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed just before this request went out: a race, not an answer.
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET') {
        send(agent, c, true).then(resolve, reject);
        return;
      }
      reject(err);
    });
    req.end(c.body);
  });
}

/** Runs `count` jobs with at most CONCURRENCY at once; stops early once `shouldStop` says so. */
async function pool(
  count: number,
  job: (i: number) => Promise<void>,
  shouldStop: () => boolean,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count && !shouldStop()) await job(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
}

/** A tally of statuses for the test's diagnostics. */
function tally(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

test(
  'a malformed percent escape from a client holding the token gets 400, and serve stays up',
  { timeout: 30_000 },
  async () => {
    const res = await rawRequest(facts.port, 'GET', '/%E0%A4%A', {
      Host: `127.0.0.1:${facts.port}`,
      Cookie: cookie,
    });
    assert.equal(res.status, 400);
    assert.match(res.body, /malformed percent escape/);
    await assertAnswersGoodRequests('after the malformed escape');
  },
);

test(
  '100,000 generated HTTP requests: no crash, no 5xx, the gate holds',
  { timeout: 110_000 },
  async (t) => {
    await withFuzzSeed('host HTTP', async (seed) => {
      const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
      const failures: string[] = [];
      const statuses = new Map<string, number>();
      const deadline = Date.now() + HTTP_BUDGET_MS;
      const stop = (): boolean => failures.length >= MAX_FAILURES || Date.now() > deadline;
      try {
        for (let start = 0; start < HTTP_CASES && !stop(); start += CHECKPOINT_EVERY) {
          const size = Math.min(CHECKPOINT_EVERY, HTTP_CASES - start);
          await pool(
            size,
            async (offset) => {
              const index = start + offset;
              if (index % RAW_EVERY === RAW_EVERY - 1) {
                const c = rawHttpCase(seed, index, facts);
                try {
                  const reply = await rawExchange(facts.port, c.bytes);
                  // 1xx are interim (100 Continue), except a 101 that opened a WebSocket.
                  const final = reply.statuses.filter((status) => status >= 200 || status === 101);
                  // A page asked for while the UI is not built is a 503 naming the fix, as above.
                  let notBuilt = uiNotBuiltAnswers(reply.bytes);
                  for (const status of final) {
                    tally(statuses, `raw ${status}`);
                    if (status === 503 && notBuilt > 0) notBuilt--;
                    else if (status >= 500)
                      failures.push(`case ${index} (${c.what}): answered ${status}`);
                    if (!c.credentialed && status < 400)
                      failures.push(
                        `case ${index} (${c.what}): answered ${status} without the token`,
                      );
                  }
                } catch (err) {
                  failures.push(`case ${index} (${c.what}): ${(err as Error).message}`);
                }
                return;
              }
              const c = httpCase(seed, index, facts);
              try {
                const answer = await send(agent, c);
                tally(statuses, String(answer.status));
                const problem = answerProblem(c, answer, allowed5xx);
                if (problem !== null) failures.push(`${describeCase(c)}: ${problem}`);
              } catch (err) {
                // Node's parser answers such a request and closes at once: a client still sending its
                // body may see the close first. Anything else must have been answered.
                const code = (err as NodeJS.ErrnoException).code ?? '';
                if (parserRefuses(c) && ['EPIPE', 'ECONNRESET'].includes(code))
                  tally(statuses, 'closed by the parser');
                else failures.push(`${describeCase(c)}: ${(err as Error).message}`);
              }
            },
            stop,
          );
          assert.deepEqual(
            failures,
            [],
            `failures among cases ${start}..${start + size - 1}${alive() ? '' : `; serve died:\n${serve.output().slice(-3000)}`}`,
          );
          await assertAnswersGoodRequests(`after ${start + size} requests`);
        }
        assert.ok(
          Date.now() <= deadline,
          `the batch took over ${HTTP_BUDGET_MS} ms: the host got slow under the fuzz`,
        );
      } finally {
        agent.destroy();
        const summary = [...statuses].sort((a, b) => b[1] - a[1]);
        t.diagnostic(`seed ${seed}; statuses: ${summary.map(([s, n]) => `${s} x${n}`).join(', ')}`);
      }
    });
  },
);

test(
  'thousands of WebSocket sessions with garbage: each closed with its code, serve stays up',
  { timeout: 60_000 },
  async (t) => {
    await withFuzzSeed('host WebSocket', async (seed) => {
      const failures: string[] = [];
      const codes = new Map<string, number>();
      const deadline = Date.now() + WS_BUDGET_MS;
      const stop = (): boolean => failures.length >= MAX_FAILURES || Date.now() > deadline;
      await pool(
        WS_SESSIONS,
        async (index) => {
          const c = wsCase(seed, index, facts);
          try {
            const outcome = await runWsCase(facts.port, c);
            tally(codes, `${outcome.status}/${outcome.closeCode ?? '-'}`);
            if (outcome.status !== c.expectStatus) {
              failures.push(
                `ws case ${index} (${c.path}): handshake ${outcome.status}, expected ${c.expectStatus}`,
              );
            } else if (
              outcome.status === 101 &&
              c.action.kind !== 'terminate' &&
              outcome.closeCode !== c.action.expect
            ) {
              failures.push(
                `ws case ${index} (${c.action.kind}): closed with ${outcome.closeCode}, expected ${c.action.expect}`,
              );
            }
          } catch (err) {
            failures.push(`ws case ${index}: ${(err as Error).message}`);
          }
        },
        stop,
      );
      await pool(
        RAW_WS_SESSIONS,
        async (index) => {
          const c = rawWsCase(seed, index, facts);
          try {
            const reply = await rawExchange(facts.port, c.bytes);
            const code = serverCloseCode(reply.bytes);
            tally(codes, `raw ${reply.statuses[0] ?? '-'}/${code ?? '-'}`);
            const status = reply.statuses[0] ?? 0;
            if (c.opens ? status !== 101 : status < 400 || status >= 500)
              failures.push(`raw ws case ${index} (${c.what}): handshake answered ${status}`);
            if (code !== null && code !== 1005 && !isSendableCloseCode(code))
              failures.push(`raw ws case ${index}: closed with code ${code}`);
          } catch (err) {
            failures.push(`raw ws case ${index} (${c.what}): ${(err as Error).message}`);
          }
        },
        stop,
      );
      t.diagnostic(
        `seed ${seed}; handshake/close codes: ${[...codes].map(([k, n]) => `${k} x${n}`).join(', ')}`,
      );
      assert.deepEqual(failures, []);
      assert.ok(Date.now() <= deadline, `the sessions took over ${WS_BUDGET_MS} ms`);
      await assertAnswersGoodRequests('after the WebSocket sessions');
    });
  },
);

test(
  'after the fuzz a good WebSocket still opens and receives live events',
  { timeout: 30_000 },
  async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${facts.port}/api/events`, {
      headers: { Cookie: cookie },
      origin: `http://127.0.0.1:${facts.port}`,
      handshakeTimeout: SESSION_TIMEOUT_MS,
    });
    try {
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const event = new Promise<unknown>((resolve) =>
        ws.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString('utf8')) as { event: string };
          if (message.event === 'targets/changed') resolve(message);
        }),
      );
      const saved = await rawRequest(
        facts.port,
        'POST',
        '/api/targets/save',
        { Host: `127.0.0.1:${facts.port}`, Cookie: cookie, 'Content-Type': 'application/json' },
        JSON.stringify({
          req: {
            name: 'after the fuzz',
            url: 'ldap://127.0.0.1:1',
            startTls: false,
            bindDn: '',
            baseDn: 'dc=example,dc=com',
          },
        }),
      );
      assert.equal(saved.status, 200, saved.body);
      assert.deepEqual(await event, { event: 'targets/changed', payload: {} });
    } finally {
      ws.terminate();
    }
  },
);

test('the log names each kind of refusal once and counts the rest, instead of a line per request', () => {
  const lines = serve.output().split('\n');
  const firsts = lines.filter((line) => line.endsWith('(logged once; repeats are counted)'));
  assert.ok(
    firsts.some((line) => line.includes('refused bad-escape (400)')),
    'the malformed escape is logged',
  );
  const kinds = firsts.map((line) => /refused (\S+) /.exec(line)?.[1]);
  assert.equal(
    new Set(kinds).size,
    kinds.length,
    `a kind logged twice as new:\n${firsts.join('\n')}`,
  );
  // Over 100,000 refusals and sessions: a few lines per kind (1st, 10th, 100th...), not one per request.
  const messages = lines.filter((line) => !/^\s+at /.test(line));
  assert.ok(messages.length < 500, `the log has ${messages.length} lines besides stack frames`);
  const leaks = lines.filter(
    (line) => line.includes(facts.token) && !line.startsWith('DirBench is serving at'),
  );
  assert.deepEqual(leaks, [], 'the token appears in the log');
  // No handler failed unexpectedly: every bad request was refused as one.
  assert.deepEqual(
    lines.filter((l) => l.includes('unexpected error')),
    [],
    'a handler threw instead of refusing the request',
  );
});
