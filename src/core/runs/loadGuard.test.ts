import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import {
  CAP_GRACE_S,
  DEFAULT_LOAD_GUARD,
  checkCellsConfirmed,
  checkLoadConfirmed,
  checkRunLength,
  confirmationReason,
  hardCap,
  loadGuardLimits,
  peakOpsPerSec,
} from './loadGuard.ts';
import { isLoopbackHost, isLoopbackUrl } from './loadGuardLoopback.ts';

const PLAIN = { name: 'prod', url: 'ldap://dir.example:389', labId: null };
const LAB = { name: 'lab', url: 'ldap://127.0.0.1:40000', labId: 'lab_1' };
const LIMITS = { confirmAboveConnections: 64, confirmAboveOpsPerSec: 1000, maxRunS: 3600 };

const isField = (field: string, pattern: RegExp) => (err: unknown) =>
  err instanceof ApiError &&
  err.kind === 'validation' &&
  err.field === field &&
  pattern.test(err.message);

test('limits come from the environment, with defaults, and a bad value names its variable', () => {
  assert.deepEqual(loadGuardLimits({}), DEFAULT_LOAD_GUARD);
  assert.deepEqual(
    loadGuardLimits({
      DIRBENCH_CONFIRM_ABOVE_CONNECTIONS: '8',
      DIRBENCH_CONFIRM_ABOVE_OPS_PER_SEC: '500',
      DIRBENCH_MAX_RUN_S: '120',
    }),
    { confirmAboveConnections: 8, confirmAboveOpsPerSec: 500, maxRunS: 120 },
  );
  for (const bad of ['0', '-3', '1.5', 'lots', '999999999']) {
    assert.throws(
      () => loadGuardLimits({ DIRBENCH_MAX_RUN_S: bad }),
      isField('DIRBENCH_MAX_RUN_S', /whole number from 1 to 604800/),
      bad,
    );
  }
});

test('the peak rate is the constant rate or the highest point of a profile; closed model has none', () => {
  assert.equal(peakOpsPerSec({}), null);
  assert.equal(peakOpsPerSec({ targetOpsPerSec: 250 }), 250);
  const rateProfile = [
    { durationS: 10, fromOpsPerSec: 100, toOpsPerSec: 3000 },
    { durationS: 10, fromOpsPerSec: 2000, toOpsPerSec: 2000 },
  ];
  assert.equal(peakOpsPerSec({ rateProfile }), 3000);
});

test('only targets off loopback above a threshold need a confirmation, which names target, connections and rate', () => {
  assert.equal(confirmationReason({ connections: 64 }, PLAIN, LIMITS), null);
  assert.equal(confirmationReason({ connections: 8, targetOpsPerSec: 1000 }, PLAIN, LIMITS), null);
  assert.equal(confirmationReason({ connections: 5000, targetOpsPerSec: 1e6 }, LAB, LIMITS), null);
  assert.match(
    confirmationReason({ connections: 65 }, PLAIN, LIMITS) ?? '',
    /^prod \(ldap:\/\/dir\.example:389\) is not on this machine's loopback address.*65 connections at as many ops\/s/,
  );
  assert.match(
    confirmationReason({ connections: 2, targetOpsPerSec: 1001 }, PLAIN, LIMITS) ?? '',
    /2 connections at 1001 ops\/s \(confirmation is needed above 64 connections or 1000 ops\/s\)/,
  );
});

test('loopback addresses and localhost are this machine: heavy load there needs no confirmation', () => {
  const heavy = { connections: 5000, targetOpsPerSec: 1e6 };
  const loopback = [
    'ldap://127.0.0.1:389',
    'ldaps://127.0.0.2',
    'ldap://127.255.255.254:1389/',
    'ldap://[::1]:389',
    'ldap://[0:0:0:0:0:0:0:1]',
    'ldap://[::ffff:127.0.0.1]:389',
    'ldap://localhost',
    'ldap://LOCALHOST.',
    'ldaps://LocalHost:636',
  ];
  for (const url of loopback) {
    assert.equal(isLoopbackUrl(url), true, url);
    assert.equal(confirmationReason(heavy, { name: 'local', url }, LIMITS), null, url);
  }
});

test('every other address needs the confirmation, lab or not: names are never resolved, odd forms stay unconfirmed', () => {
  const heavy = { connections: 65 };
  const elsewhere = [
    'ldap://localhost.example.com',
    'ldap://127.0.0.1.nip.io',
    'ldap://localhost..',
    'ldap://my-localhost',
    'ldap://127.0.0.1@dir.example',
    'ldap://10.0.0.1',
    'ldap://128.0.0.1',
    'ldap://0.0.0.0',
    'ldap://[::]',
    'ldap://[::2]',
    'ldap://[::ffff:10.0.0.1]',
    // Forms the resolver would read as 127.0.0.1, left to the confirmation rather than guessed.
    'ldap://127.1',
    'ldap://2130706433',
    'ldap://local%68ost',
    'not a url',
  ];
  for (const url of elsewhere) {
    assert.equal(isLoopbackUrl(url), false, url);
    assert.match(
      confirmationReason(heavy, { name: 'remote', url }, LIMITS) ?? '',
      /is not on this machine's loopback address/,
      url,
    );
  }
  const labElsewhere = { ...LAB, url: 'ldap://192.0.2.10:389' };
  assert.notEqual(
    confirmationReason(heavy, labElsewhere, LIMITS),
    null,
    'a lab is judged by its address',
  );
});

test('a loopback host is judged with or without brackets, as the connection reads it', () => {
  assert.equal(isLoopbackHost('::1'), true);
  assert.equal(isLoopbackHost('[::1]'), true);
  assert.equal(isLoopbackHost('127.0.0.9'), true);
  assert.equal(isLoopbackHost('localhost.'), true);
  assert.equal(isLoopbackHost(''), false);
  assert.equal(isLoopbackHost('dir.example'), false);
});

test('an unconfirmed heavy run is refused with the given way to confirm; a confirmed one passes', () => {
  const heavy = { connections: 100 };
  assert.throws(
    () => checkLoadConfirmed(heavy, PLAIN, LIMITS, 'add --yes'),
    isField('confirmed', /100 connections.*: add --yes$/),
  );
  assert.doesNotThrow(() => checkLoadConfirmed({ ...heavy, confirmed: true }, PLAIN, LIMITS));
  assert.doesNotThrow(() => checkLoadConfirmed({ connections: 4 }, PLAIN, LIMITS));
});

test('the refusal carries its reason apart from how to confirm, so each host asks its own way', () => {
  assert.throws(
    () => checkLoadConfirmed({ connections: 100 }, PLAIN, LIMITS),
    (err: unknown) =>
      err instanceof ApiError &&
      err.code === 'needs-confirmation' &&
      err.detail === confirmationReason({ connections: 100 }, PLAIN, LIMITS) &&
      err.message === `${err.detail}: send confirmed: true to go ahead` &&
      !/dialog|--yes/.test(err.message),
  );
});

test('warm-up + measured + cool-down above the cap is refused, naming the cap and how to raise it', () => {
  assert.doesNotThrow(() =>
    checkRunLength({ warmupS: 600, durationS: 2400, cooldownS: 600 }, LIMITS),
  );
  assert.throws(
    () => checkRunLength({ warmupS: 600, durationS: 2400, cooldownS: 601 }, LIMITS),
    isField('durationS', /3601 s, above the 3600 s.*DIRBENCH_MAX_RUN_S/),
  );
});

test('the hard cap stops the run once armed for the cap plus grace, never when disarmed', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const reasons: string[] = [];
    const cap = hardCap(60, (reason) => reasons.push(reason));
    mock.timers.tick(10 * 60_000);
    assert.equal(reasons.length, 0, 'nothing happens before the load starts');
    cap.arm();
    mock.timers.tick((60 + CAP_GRACE_S) * 1000 - 1);
    assert.equal(reasons.length, 0);
    mock.timers.tick(1);
    assert.deepEqual(reasons, [
      'stopped at the hard maximum run length of 60 s (DIRBENCH_MAX_RUN_S)',
    ]);
    const ended = hardCap(60, (reason) => reasons.push(reason));
    ended.arm();
    ended.disarm();
    mock.timers.tick(3600_000);
    assert.equal(reasons.length, 1);
  } finally {
    mock.timers.reset();
  }
});

test('a campaign needs a confirmation when any cell on a saved target off loopback is heavy', () => {
  const targets = new Map<string, { name: string; url: string; labId: string | null }>([
    ['tgt_prod', PLAIN],
    ['tgt_lab', LAB],
  ]);
  const targetOf = (id: string) => targets.get(id) ?? assert.fail(`unknown ${id}`);
  const cells = [
    { targetId: null, connections: 500 },
    { targetId: 'tgt_lab', connections: 500 },
    { targetId: 'tgt_prod', connections: 16 },
  ];
  assert.doesNotThrow(() => checkCellsConfirmed(cells, targetOf, undefined, LIMITS));
  const heavy = [...cells, { targetId: 'tgt_prod', connections: 128 }];
  assert.throws(
    () => checkCellsConfirmed(heavy, targetOf, false, LIMITS, 'add --yes', '--yes'),
    isField('--yes', /^prod \(ldap:\/\/dir\.example:389\).*128 connections.*add --yes$/),
  );
  assert.doesNotThrow(() => checkCellsConfirmed(heavy, targetOf, true, LIMITS));
});
