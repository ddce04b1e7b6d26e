import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { parseSlos, refuseSlosBelowLateness } from './slo.ts';

test('SLOs: at least one, in the threshold grammar, mistakes naming --slo[i]', () => {
  assert.throws(() => parseSlos([], 'slo'), /at least one SLO, e\.g\. --slo "p99<10ms"/);
  assert.throws(
    () => parseSlos(['p99<5ms', 'p99 < lots'], 'slo'),
    (err: unknown) => err instanceof ApiError && err.field === 'slo[1]',
  );
  assert.deepEqual(
    parseSlos(['p99.9<50ms', 'replicationLagP99<1s', 'search.p99<2ms'], 'slo').map((s) => s.metric),
    ['p999', 'replicationLagP99', 'p99'],
  );
});

test('an SLO tighter than 4x the scheduler lateness p99 is refused: it would measure the client', () => {
  const slos = parseSlos(['errorRate<1%', 'p99<2ms', 'p50<1ms'], 'slo');
  assert.doesNotThrow(() => refuseSlosBelowLateness(slos, 250, 'slo'));
  assert.throws(
    () => refuseSlosBelowLateness(slos, 300, 'slo'),
    (err: unknown) =>
      err instanceof ApiError &&
      err.field === 'slo[2]' &&
      err.message ===
        '"p50<1ms" is tighter than 4x this client\'s scheduling lateness p99 (300 us): it would measure the client, not the server; allow at least 1.2 ms or use a faster client',
  );
  assert.doesNotThrow(() =>
    refuseSlosBelowLateness(parseSlos(['p99>1us', 'replicationLagP99<1ms'], 'slo'), 500, 'slo'),
  );
});
