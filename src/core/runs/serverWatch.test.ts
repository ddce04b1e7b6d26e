// A target's monitor over a run: per-second server rates without the monitor's own reads, and the
// cross-check counts at the end; a note instead when the monitor could not be read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ServerMonitorReading } from '../../shared/monitorTypes.ts';
import type { RunSample, RunSummary } from '../../shared/types.ts';
import type { ServerMonitor } from '../monitor/serverMonitor.ts';
import { ServerWatch } from './serverWatch.ts';

const SUMMARY = { ops: 0, opsPerSec: 0 } as unknown as RunSummary;

/** A monitor whose n-th read answers `readings[n]`; it counts its reads as the real one does. */
function fakeMonitor(readings: ServerMonitorReading[]): ServerMonitor {
  const monitor = {
    reads: 0,
    server: 'openldap',
    read: () => Promise.resolve(readings[monitor.reads++] as ServerMonitorReading),
    close: () => Promise.resolve(),
  };
  return monitor as unknown as ServerMonitor;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Seconds with `ops` each, and on two servers how many went to the first. */
const seconds = (ops: number[], first?: number[]): RunSample[] =>
  ops.map(
    (n, i) =>
      ({
        ops: n,
        ...(first === undefined
          ? {}
          : {
              servers: { 'ldap://a': { ops: first[i] }, 'ldap://b': { ops: n - (first[i] ?? 0) } },
            }),
      }) as unknown as RunSample,
  );

test('each second shows the server rate less the monitor reads; the end has the counts', async () => {
  const monitor = fakeMonitor([
    { operations: { search: 100, bind: 5 }, connections: 5, threads: 2 },
    // One second later: 1,000 searches of the load and the first reading's own.
    { operations: { search: 1101, bind: 5 }, connections: 5, threads: 4 },
    // Another second: 1,000 more and the second reading's own search.
    { operations: { search: 2102, bind: 5 }, connections: 5, threads: 4 },
    // At the end, load over: the third reading's own search, and the load's connections unbound.
    { operations: { search: 2103, bind: 5, unbind: 4 }, connections: 1, threads: 4 },
  ]);
  const watch = new ServerWatch(null, { server: 'openldap', monitor, note: null });
  assert.deepEqual(watch.sampleFields(), {}, 'nothing before load starts');
  watch.loadStarted();
  await settle();
  assert.deepEqual(watch.sampleFields(), {}, 'one reading is no rate yet');
  await settle();
  const { serverMonitor } = watch.sampleFields();
  assert.equal(serverMonitor?.connections, 5);
  assert.equal(serverMonitor?.threads, 4);
  // 1,000 of the load over the few ms between the two readings: a rate, never the monitor's search.
  assert.ok((serverMonitor?.opsPerSec ?? 0) > 1000, JSON.stringify(serverMonitor));
  const summary = await watch.summarize(SUMMARY, seconds([1000, 1000]));
  assert.deepEqual(summary.serverOperations, { search: 2000, unbind: 4 });
  assert.equal(summary.clientOperationsAllPhases, 2000);
  assert.equal(summary.serverMonitor?.before?.operations['search'], 100);
  assert.equal(summary.serverMonitor?.after?.connections, 1);
  await watch.close();
});

test('a monitor that could not be read leaves the note with the summary and nothing per second', async () => {
  const note = 'Server monitor not read: Active Directory has no cn=monitor';
  const watch = new ServerWatch(null, { server: 'active-directory', monitor: null, note });
  watch.loadStarted();
  assert.deepEqual(watch.sampleFields(), {});
  const summary = await watch.summarize(SUMMARY, seconds([10]));
  assert.deepEqual(summary.serverMonitor, { server: 'active-directory', note });
  assert.equal(summary.serverOperations, undefined);
});

test('on several servers the cross-check counts only what the client sent to the monitored one', async () => {
  const monitor = fakeMonitor([{ operations: { search: 0 } }, { operations: { search: 601 } }]);
  const watch = new ServerWatch(null, { server: 'openldap', monitor, note: null }, 'ldap://a');
  watch.loadStarted();
  await settle();
  const summary = await watch.summarize(SUMMARY, seconds([1000, 200], [500, 100]));
  assert.deepEqual(summary.serverOperations, { search: 600 });
  assert.equal(summary.clientOperationsAllPhases, 600);
});

test('readings a server limit cut short keep their figures and leave one note with the summary', async () => {
  const monitor = fakeMonitor([
    { operations: { search: 10 }, cutShortBy: 'time' },
    { operations: { search: 511 }, cutShortBy: 'time' },
    { operations: { search: 1012 } },
  ]);
  const watch = new ServerWatch(null, { server: 'openldap', monitor, note: null });
  watch.loadStarted();
  await settle();
  watch.sampleFields();
  await settle();
  const summary = await watch.summarize(SUMMARY, seconds([1000]));
  assert.deepEqual(summary.serverOperations, { search: 1000 });
  assert.equal(
    summary.serverMonitor?.note,
    "The server's time limit cut a cn=monitor reading short: some server counts may be missing.",
  );
  assert.equal(summary.serverMonitor?.before?.operations['search'], 10);
  await watch.close();
});
