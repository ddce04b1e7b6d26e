import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HostLog, isPowerOfTen } from './hostLog.ts';

function logged(debug = false): { log: HostLog; lines: string[] } {
  const lines: string[] = [];
  return { log: new HostLog((line) => lines.push(line), debug), lines };
}

test('powers of ten are where a kind is logged again', () => {
  assert.deepEqual(
    [1, 2, 9, 10, 11, 100, 1000, 1001, 10_000, 20_000].filter(isPowerOfTen),
    [1, 10, 100, 1000, 10_000],
  );
});

test('each kind of refusal is logged at its 1st, 10th, 100th... occurrence, one line each', () => {
  const { log, lines } = logged();
  for (let i = 0; i < 12_345; i++) log.refused('bad-escape', 400, `GET /%E0%A4%A${i}`);
  log.refused('wrong-method', 405, 'PUT /');
  assert.equal(lines.length, 6);
  assert.equal(
    lines[0],
    'dirbench serve: refused bad-escape (400): "GET /%E0%A4%A0" (logged once; repeats are counted)',
  );
  assert.match(lines[1] ?? '', /refused bad-escape 10 times so far, latest bad-escape \(400\)/);
  assert.match(lines[4] ?? '', /10000 times so far/);
  assert.match(lines[5] ?? '', /refused wrong-method \(405\)/);
  assert.match(log.summary() ?? '', /refused bad-escape x12345; refused wrong-method x1/);
});

test('what a client sent cannot forge log lines: details are quoted and cut short', () => {
  const { log, lines } = logged();
  log.refused('bad-path', 400, `GET /x\ndirbench serve: forged${'y'.repeat(1000)}`);
  assert.equal(lines.length, 1);
  assert.ok(!(lines[0] ?? '').includes('\n'));
  assert.match(lines[0] ?? '', /\\ndirbench serve: forged/);
  assert.ok((lines[0] ?? '').length < 300);
});

test('an unexpected error is logged in one line once, then counted; --debug adds its stack frames', () => {
  const { log, lines } = logged();
  for (let i = 0; i < 10; i++) log.unexpected('POST request', new TypeError('x is undefined'));
  assert.equal(lines.length, 2);
  const [first, tenth] = lines;
  assert.equal(
    first,
    'dirbench serve: unexpected error in POST request: "TypeError: x is undefined" (--debug prints the stack trace)',
  );
  assert.match(tenth ?? '', /"TypeError: x is undefined" 10 times so far$/);
  log.unexpected('WebSocket upgrade', 'a string');
  assert.match(lines[2] ?? '', /unexpected error in WebSocket upgrade: "a string" \(--debug/);
  const debugging = logged(true);
  debugging.log.unexpected('POST request', new TypeError('x is undefined'));
  assert.match(
    debugging.lines[0] ?? '',
    /^dirbench serve: unexpected error in POST request: "TypeError: x is undefined"\n\s+at /,
  );
});

test('kinds past the first hundred are counted together, so endless messages cannot grow the log state', () => {
  const { log, lines } = logged();
  for (let i = 0; i < 1000; i++) log.unexpected('POST request', new Error(`message ${i}`));
  // 100 tracked kinds logged once each, then the shared bucket at its 1st, 10th and 100th.
  assert.equal(lines.length, 103);
  assert.equal(log.summary()?.includes('other kinds x900'), true);
});

test('no summary when nothing was refused', () => {
  assert.equal(logged().log.summary(), null);
});
