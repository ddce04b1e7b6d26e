import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  parseProcStatCpuTicks,
  parseProcStatusRssKb,
  ServerStatsSampler,
  serverStatsSampler,
} from './serverStats.ts';

/** /proc/<pid>/stat of a slapd with utime 1234 and stime 56 ticks. */
const STAT =
  '4242 (slapd) S 1 4242 4242 0 -1 4194560 2365 0 0 0 1234 56 0 0 20 0 4 0 375266 ' +
  '1123139584 5123 18446744073709551615 1 1 0 0 0 0 0 4096 16899 0 0 0 17 1 0 0 0 0 0';
/** The same with a command name holding spaces and a parenthesis. */
const STAT_ODD_NAME = STAT.replace('(slapd)', '(sl a) pd)');

const STATUS = [
  'Name:\tslapd',
  'State:\tS (sleeping)',
  'VmPeak:\t 1096816 kB',
  'VmRSS:\t   20480 kB',
  'RssAnon:\t   12000 kB',
  'Threads:\t4',
].join('\n');

test('/proc/<pid>/stat: user + system ticks, whatever the command name holds', () => {
  assert.equal(parseProcStatCpuTicks(STAT), 1290);
  assert.equal(parseProcStatCpuTicks(STAT_ODD_NAME), 1290);
  assert.equal(parseProcStatCpuTicks('garbage'), null);
  assert.equal(parseProcStatCpuTicks('1 (x) S 1 2'), null);
});

test('/proc/<pid>/status: VmRSS in kB', () => {
  assert.equal(parseProcStatusRssKb(STATUS), 20480);
  assert.equal(parseProcStatusRssKb('Name:\tkthreadd\nState:\tS\n'), null);
});

test('the sampler gives CPU % over the span and RSS in MB, and null once the process is gone', () => {
  let ticks = 1000;
  let alive = true;
  let nowMs = 0;
  const files = (path: string): string | null => {
    if (!alive) return null;
    if (path === '/proc/4242/stat') return STAT.replace(' 1234 56 ', ` ${ticks} 0 `);
    if (path === '/proc/4242/status') return STATUS;
    return null;
  };
  const sampler = new ServerStatsSampler(4242, files, () => nowMs);
  // 150 ticks (1.5 s of CPU at USER_HZ 100) over 1 s: one and a half cores.
  ticks += 150;
  nowMs += 1000;
  assert.deepEqual(sampler.sample(), { cpuPercent: 150, rssMb: 20 });
  // A second read 10 ms later (a burst of emitted seconds) shares the reading.
  ticks += 50;
  nowMs += 10;
  assert.deepEqual(sampler.sample(), { cpuPercent: 150, rssMb: 20 });
  nowMs += 990;
  // 50 ticks over the full second since the last real reading.
  assert.deepEqual(sampler.sample(), { cpuPercent: 50, rssMb: 20 });
  alive = false;
  nowMs += 1000;
  assert.equal(sampler.sample(), null);
});

test('restart begins a new span, so setup time is not counted in the first second', () => {
  let ticks = 0;
  let nowMs = 0;
  const files = (path: string): string | null =>
    path.endsWith('/stat') ? STAT.replace(' 1234 56 ', ` ${ticks} 0 `) : STATUS;
  const sampler = new ServerStatsSampler(4242, files, () => nowMs);
  ticks = 500;
  nowMs = 5000;
  sampler.restart();
  ticks += 20;
  nowMs += 1000;
  assert.deepEqual(sampler.sample(), { cpuPercent: 20, rssMb: 20 });
});

test(
  'on Linux a real process is sampled; bad PIDs get no sampler',
  { skip: process.platform !== 'linux' },
  () => {
    const sampler = serverStatsSampler(process.pid);
    assert.ok(sampler !== null);
    const end = performance.now() + 150;
    while (performance.now() < end) {
      // Burn CPU so the sample has something to show.
    }
    const reading = sampler.sample();
    assert.ok(reading !== null);
    assert.ok(reading.cpuPercent >= 0);
    assert.ok(reading.rssMb > 1, String(reading.rssMb));
    assert.equal(serverStatsSampler(0), null);
  },
);

test('a server that forked (prefork Samba) is sampled with its workers: CPU and RSS summed', () => {
  let workerTicks = 0;
  let nowMs = 0;
  let workers = [4243, 4244];
  const files = (path: string): string | null => {
    if (path === '/proc/4242/stat') return STAT.replace(' 1234 56 ', ' 100 0 ');
    if (path === '/proc/4242/status') return STATUS;
    const worker = /^\/proc\/(4243|4244)\/(stat|status)$/.exec(path);
    if (worker === null || !workers.includes(Number(worker[1]))) return null;
    return worker[2] === 'stat' ? STAT.replace(' 1234 56 ', ` ${workerTicks} 0 `) : STATUS;
  };
  const sampler = new ServerStatsSampler(
    4242,
    files,
    () => nowMs,
    () => [4243, 4244],
  );
  // Each worker used 50 ticks over 1 s, the server itself none: one core in all.
  workerTicks = 50;
  nowMs = 1000;
  assert.deepEqual(sampler.sample(), { cpuPercent: 100, rssMb: 60 });
  // A worker gone takes its ticks along: the span reads as idle, never negative.
  workers = [4243];
  nowMs = 2000;
  assert.deepEqual(sampler.sample(), { cpuPercent: 0, rssMb: 40 });
});
