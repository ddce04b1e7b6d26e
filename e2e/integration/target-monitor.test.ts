// Server data for a target the user brings (not a lab): a slapd with cn=Monitor, registered as a
// plain target, gives the run the server's own operation counts, per-second readings and the
// cross-check against the client's; a bind the monitor's ACL shuts out gets one note and a normal run.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Core } from '../../src/core/app/core.ts';
import { openScratchCore } from './fixtures/scratchCore.ts';
import type { RunDetail } from '../../src/shared/types.ts';
import { startResponder } from '../../src/core/responder/responder.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';

const ENTRIES = 500;
const CONNECTIONS = 4;
const DEPTH = 2;
let slapd: TestSlapd;
let close: (() => Promise<void>) | undefined;
let core: Core;

before(async () => {
  // The monitor database comes first in slapd.conf: only the suffix's admin may read it.
  slapd = await startTestSlapd(ENTRIES, {
    extraConfig: 'database monitor\naccess to * by dn.exact="cn=admin,c=gb" read by * none\n',
  });
  ({ core, close } = await openScratchCore('target-monitor'));
});
after(async () => {
  await close?.();
  await slapd?.stop();
});

/** Saves `url` as a plain target (not a lab's) binding as `bindDn`; returns its id. */
function plainTarget(name: string, url: string, bindDn: string, password: string): string {
  const target = core.targets.save({
    name,
    url,
    startTls: false,
    bindDn,
    password,
    baseDn: slapd.baseDn,
  });
  assert.equal(target.labId, null, 'a plain target, not a lab');
  return target.id;
}

/** 1 s warm-up + `durationS` of random reads on `targetId` (and the `more` servers); asserts it completed. */
async function readOn(targetId: string, more: string[] = [], durationS = 3): Promise<RunDetail> {
  const { done } = await core.runService.start({
    targetId,
    ...(more.length > 0 ? { moreTargetIds: more } : {}),
    workload: 'read-random',
    connections: CONNECTIONS,
    depth: DEPTH,
    warmupS: 1,
    durationS,
    workers: 1,
  });
  const detail = await done;
  assert.equal(detail.status, 'completed', detail.endReason ?? '');
  return detail;
}

/** Saves the slapd as a plain target binding as `bindDn` and runs 1 s warm-up + 3 s of random reads. */
function runAgainst(name: string, bindDn: string, password: string): Promise<RunDetail> {
  return readOn(plainTarget(name, slapd.url, bindDn, password));
}

test('a target whose monitor the bind may read stores the server counts, readings and the cross-check', async () => {
  const detail = await runAgainst('monitored slapd', slapd.rootDn, slapd.rootPw);
  const summary = detail.summary;
  assert.ok(summary !== null);
  const clientOps = detail.samples.reduce((n, s) => n + s.ops, 0);
  assert.equal(summary.clientOperationsAllPhases, clientOps);
  const searches = summary.serverOperations?.search ?? 0;
  // The server completed every search the client counted, and a few more: the ones in flight or
  // just sent when load stopped (the client drops those); the monitor's own reads are taken out.
  assert.ok(
    searches >= clientOps &&
      searches - clientOps <= Math.max(CONNECTIONS * DEPTH * 10, clientOps / 100),
    `server ${searches} searches vs client ${clientOps}: ${JSON.stringify(summary.serverOperations)}`,
  );
  assert.ok(clientOps > 500, `thousands of reads expected, got ${clientOps}`);
  const monitor = summary.serverMonitor;
  assert.equal(monitor?.server, 'openldap');
  assert.equal(monitor?.note, undefined);
  // The run's connections and the monitor's own were open at both readings.
  assert.ok((monitor?.before?.connections ?? 0) >= CONNECTIONS + 1, JSON.stringify(monitor));
  assert.ok((monitor?.after?.threads ?? 0) >= 1, JSON.stringify(monitor));
  // Per second: the server's own rate, close to the client's over the seconds it covers.
  const readings = detail.samples.flatMap((s) => (s.serverMonitor ? [s.serverMonitor] : []));
  assert.ok(readings.length >= 2, `per-second readings: ${JSON.stringify(readings)}`);
  const busiest = Math.max(...readings.map((r) => r.opsPerSec));
  const clientPeak = Math.max(...detail.samples.map((s) => s.ops));
  assert.ok(busiest > clientPeak * 0.3 && busiest < clientPeak * 3, `${busiest} vs ${clientPeak}`);
  assert.equal(detail.notes ?? null, null, 'nothing to say when the monitor was read');
});

test('a bind the monitor ACL shuts out gets one note saying so, and a normal run', async () => {
  const detail = await runAgainst('anonymous slapd', '', '');
  assert.ok(detail.summary !== null && detail.summary.ops > 0);
  assert.equal(detail.summary.serverOperations, undefined);
  assert.match(
    detail.notes ?? '',
    /^Server monitor not read: the anonymous bind may not read OpenLDAP's cn=monitor \(ACL: the server answered noSuchObject\)/,
  );
  assert.equal(detail.summary.serverMonitor?.server, 'openldap');
  assert.equal(detail.summary.serverMonitor?.note, detail.notes);
  assert.ok(detail.samples.every((s) => s.serverMonitor === undefined));
});

test('on two servers the cross-check is the monitored server against what the client sent it', async () => {
  const other = await startResponder();
  try {
    const { rootDn, rootPw } = slapd;
    const first = plainTarget('monitored slapd (set)', slapd.url, rootDn, rootPw);
    const run = await readOn(first, [plainTarget('responder (set)', other.url, rootDn, rootPw)], 2);
    const toSlapd = run.samples.reduce((n, s) => n + (s.servers?.[slapd.url]?.ops ?? 0), 0);
    assert.ok(toSlapd > 0 && toSlapd < run.samples.reduce((n, s) => n + s.ops, 0));
    assert.equal(run.summary?.clientOperationsAllPhases, toSlapd);
    const searches = run.summary?.serverOperations?.search ?? 0;
    assert.ok(
      searches >= toSlapd &&
        searches - toSlapd <= Math.max(CONNECTIONS * DEPTH * 10, toSlapd / 100),
      `slapd ${searches} searches vs ${toSlapd} sent to it`,
    );
  } finally {
    await other.close();
  }
});
