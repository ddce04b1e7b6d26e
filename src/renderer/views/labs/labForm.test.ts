// Plain-Node checks of the labs screen's pure logic and the run detail's server cross-check.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { LabAvailability, LabProgress } from '../../../shared/labTypes.ts';
import type { RunSample, RunSummary } from '../../../shared/types.ts';
import type { WorkloadSpec } from '../../../shared/workload.ts';
import {
  customIndexesError,
  defaultKind,
  defaultLabValues,
  fieldForHostError,
  labFieldErrors,
  splitAvailabilityDetail,
  toLabStartRequest,
} from './labForm.ts';
import { addLabProgress, stepOrder, stepStatuses } from './labProgress.ts';
import { serverCrossCheck } from '../panels/crossCheck.ts';

const ALL_AVAILABLE: LabAvailability[] = [
  { kind: 'openldap', available: true, detail: 'slapd: /usr/sbin/slapd' },
  { kind: '389ds', available: true, detail: 'ns-slapd: /usr/sbin/ns-slapd' },
];

test('custom index lists are checked as the host checks them', () => {
  assert.equal(customIndexesError('cn:eq,sub,pres;uid:eq'), undefined);
  assert.equal(customIndexesError(' cn : eq ; mail:pres; '), undefined);
  assert.match(customIndexesError('') ?? '', /at least one index/);
  assert.match(customIndexesError('cn') ?? '', /"cn" is not an index/);
  assert.equal(
    customIndexesError('cn:eq,bogus'),
    'Index type "bogus" of cn is not one of eq, sub, pres, approx',
  );
});

test('the form reports every bad field at once and builds the request', () => {
  const values = {
    ...defaultLabValues('openldap'),
    entries: '0',
    seed: '-1',
    profile: 'custom',
    customIndexes: 'cn:bad',
    load: 'protocol' as const,
    loadConnections: '0',
  };
  const errors = labFieldErrors(values, ALL_AVAILABLE);
  assert.deepEqual(Object.keys(errors).sort(), [
    'customIndexes',
    'entries',
    'loadConnections',
    'seed',
  ]);
  assert.match(errors.entries ?? '', /^Entries must be/);
  assert.match(errors.loadConnections ?? '', /^Connections must be/);

  const good = {
    ...values,
    entries: '500',
    seed: '7',
    customIndexes: 'cn:eq,sub ; uid:eq;',
    loadConnections: '2',
    tls: 'ldaps' as const,
  };
  assert.deepEqual(labFieldErrors(good, ALL_AVAILABLE), {});
  assert.deepEqual(toLabStartRequest(good), {
    kind: 'openldap',
    entries: 500,
    seed: 7,
    shape: 'salford',
    indexProfile: 'cn:eq,sub;uid:eq',
    load: 'protocol',
    loadConnections: 2,
    tls: 'ldaps',
  });
  // 389 DS serves no TLS: the request leaves it out; offline loads send no connections.
  const ds = toLabStartRequest({ ...good, kind: '389ds', load: 'offline', profile: 'none' });
  assert.equal(ds.tls, undefined);
  assert.equal(ds.loadConnections, undefined);
  assert.equal(ds.indexProfile, 'none');
  assert.equal(fieldForHostError('indexProfile', good), 'customIndexes');
  assert.equal(fieldForHostError('indexProfile', { ...good, profile: 'mvault' }), 'indexProfile');
  assert.equal(fieldForHostError(undefined, good), null);
});

test('replicas go into the request for kinds that have them, and not for the others', () => {
  const values = { ...defaultLabValues('openldap'), replicas: '2' as const };
  assert.equal(toLabStartRequest(values).replicas, 2);
  assert.equal(toLabStartRequest({ ...values, kind: '389ds' }).replicas, 2);
  assert.equal(toLabStartRequest({ ...values, kind: 'opendj' }).replicas, 2);
  assert.equal(toLabStartRequest({ ...values, kind: 'apacheds' }).replicas, undefined);
  assert.equal(toLabStartRequest({ ...values, replicas: '0' }).replicas, undefined);
  assert.equal(fieldForHostError('replicas', values), 'replicas');
});

test('an unavailable kind yields its reason and the commands to copy', () => {
  const openldap = splitAvailabilityDetail(
    'OpenLDAP slapd is not installed. On Debian/Ubuntu: sudo apt-get install slapd ldap-utils ' +
      '(Fedora/RHEL: sudo dnf install openldap-servers openldap-clients; macOS: brew install openldap). Missing: slapd.',
  );
  assert.equal(openldap.reason, 'OpenLDAP slapd is not installed.');
  assert.deepEqual(openldap.commands, ['sudo apt-get install slapd ldap-utils']);
  const opendj = splitAvailabilityDetail(
    'The OpenDJ server zip (opendj-server-legacy-4.9.4.zip) is not in /home/a/.local/share/dirbench/software or the local Maven repository. Get it with: mvn dependency:copy -Dartifact=org.openidentityplatform.opendj:opendj-server-legacy:4.9.4:zip -DoutputDirectory=/home/a/sw' +
      ' — OpenDJ needs Java: no java on PATH. Install it with: sudo apt-get install openjdk-17-jre-headless (Fedora/RHEL: x), or set JAVA_HOME.',
  );
  assert.match(
    opendj.reason,
    /^The OpenDJ server zip .* repository\. OpenDJ needs Java: no java on PATH\.$/,
  );
  assert.deepEqual(opendj.commands, [
    'mvn dependency:copy -Dartifact=org.openidentityplatform.opendj:opendj-server-legacy:4.9.4:zip -DoutputDirectory=/home/a/sw',
    'sudo apt-get install openjdk-17-jre-headless',
  ]);
  assert.equal(
    defaultKind([{ kind: 'openldap', available: false, detail: '' }, ...ALL_AVAILABLE.slice(1)]),
    '389ds',
  );
});

test('lab steps follow the load method and mark where a start failed', () => {
  const event = (step: LabProgress['step'], done = 0): LabProgress => ({
    labId: 'lab-1',
    step,
    done,
    total: 10,
    message: step,
  });
  let map = addLabProgress({}, event('generate', 10));
  const lab1 = () => {
    const state = map['lab-1'];
    assert.ok(state);
    return state;
  };
  map = addLabProgress(map, event('start'));
  map = addLabProgress(map, event('load', 4));
  const protocol = stepOrder('protocol');
  assert.deepEqual(protocol, ['generate', 'start', 'load', 'verify']);
  assert.deepEqual(stepStatuses(lab1(), protocol), {
    generate: 'done',
    start: 'done',
    load: 'active',
    verify: 'pending',
  });
  map = addLabProgress(map, event('failed'));
  assert.equal(stepStatuses(lab1(), protocol).load, 'failed');
  assert.equal(map['lab-1']?.steps.load?.done, 4, 'the failure keeps the last load figures');
  map = addLabProgress(map, { ...event('generate'), labId: 'lab-2' });
  assert.equal(map['lab-2']?.lastStep, 'generate');
  assert.equal(map['lab-1']?.latest.step, 'failed', 'each lab keeps its own events');
});

function sample(second: number, phase: RunSample['phase'], ops: number): RunSample {
  const latencyUs = { p50: 1, p90: 1, p99: 1, p999: 1, max: 1, mean: 1 };
  return {
    second,
    phase,
    intervalMs: 1000,
    ops,
    errors: 0,
    errorsByCode: {},
    entries: 0,
    latencyUs,
  };
}

test('the server cross-check compares kinds the workload sent and explains the others', () => {
  const spec: WorkloadSpec = {
    id: 'read-random',
    title: 'Random read',
    operations: [
      {
        label: 'search',
        weight: 1,
        operation: { kind: 'search', base: 'x', scope: 'sub', filter: '(cn=x)', attributes: [] },
      },
    ],
  };
  const samples = [sample(0, 'warmup', 100), sample(1, 'measured', 300), sample(2, 'cooldown', 50)];
  const latencyUs = { p50: 1, p90: 1, p99: 1, p999: 1, max: 1, mean: 1 };
  const summary: RunSummary = {
    opsPerSec: 30,
    ops: 300,
    errors: 0,
    errorsByCode: {},
    entriesPerOp: 1,
    measuredS: 10,
    latencyUs,
    serverOperations: { search: 452, bind: 8 },
    clientOperationsAllPhases: 450,
  };
  const check = serverCrossCheck(summary, samples, spec);
  assert.ok(check);
  assert.deepEqual(
    check.rows.map((r) => [r.kind, r.server, r.client]),
    [
      ['search', 452, 450],
      ['bind', 8, null],
    ],
  );
  assert.equal(check.rows[1]?.note, "each connection's bind");
  assert.ok(check.gap !== null && Math.abs(check.gap - 2 / 450) < 1e-9);
  assert.equal(serverCrossCheck({ ...summary, serverOperations: undefined }, samples, spec), null);
  // Labels that cannot be mapped leave the client column empty but keep the total.
  const unknown = serverCrossCheck(summary, samples, { ...spec, operations: [] });
  assert.ok(unknown?.rows.every((r) => r.client === null));
  assert.equal(unknown?.clientTotal, 450);
});
