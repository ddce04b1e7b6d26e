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

test('only non-lab targets above a threshold need a confirmation, which names target, connections and rate', () => {
  assert.equal(confirmationReason({ connections: 64 }, PLAIN, LIMITS), null);
  assert.equal(confirmationReason({ connections: 8, targetOpsPerSec: 1000 }, PLAIN, LIMITS), null);
  assert.equal(confirmationReason({ connections: 5000, targetOpsPerSec: 1e6 }, LAB, LIMITS), null);
  assert.match(
    confirmationReason({ connections: 65 }, PLAIN, LIMITS) ?? '',
    /^prod \(ldap:\/\/dir\.example:389\) is not a DirBench lab.*65 connections at as many ops\/s/,
  );
  assert.match(
    confirmationReason({ connections: 2, targetOpsPerSec: 1001 }, PLAIN, LIMITS) ?? '',
    /2 connections at 1001 ops\/s \(confirmation is needed above 64 connections or 1000 ops\/s\)/,
  );
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

test('a campaign needs a confirmation when any cell on a saved non-lab target is heavy', () => {
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
