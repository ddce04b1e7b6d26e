import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunSample } from '../../shared/types.ts';
import {
  createHistogram,
  encodeHistogram,
  recordLatencyUs,
  summarize,
} from '../loadgen/histogram.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';
import { ConnectionTotals, SecondConnections } from './connectionMerge.ts';

function report(extra: Partial<WorkerIntervalMessage>): WorkerIntervalMessage {
  return {
    type: 'interval',
    second: 0,
    intervalMs: 1000,
    ops: 0,
    errors: 0,
    errorsByCode: {},
    entries: 0,
    histogram: encodeHistogram(createHistogram()),
    ...extra,
  };
}

test('counters add up across workers; phase percentiles equal those of one histogram fed all values', () => {
  const all = createHistogram(64);
  const perWorker = [
    [100, 200, 300],
    [1000, 5000, 9000, 12000],
  ].map((values) => {
    const h = createHistogram();
    for (const v of values) {
      recordLatencyUs(h, v);
      recordLatencyUs(all, v);
    }
    return encodeHistogram(h);
  });
  const second = new SecondConnections();
  perWorker.forEach((connect, i) =>
    second.add(
      report({
        connectionsOpened: 3 + i,
        connectionsClosed: 1,
        reconnects: i,
        bytesSent: 100,
        bytesReceived: 1000,
        phaseHistograms: { connect },
      }),
    ),
  );
  const fields = second.fields();
  assert.equal(fields.connectionsOpened, 7);
  assert.equal(fields.connectionsClosed, 2);
  assert.equal(fields.reconnects, 1);
  assert.equal(fields.bytesSent, 200);
  assert.equal(fields.bytesReceived, 2000);
  const merged = fields.phaseLatencyUs?.connect;
  const direct = summarize(all);
  // max of an encoded histogram is its bucket's top (3 significant digits); the rest must match exactly.
  assert.deepEqual({ ...merged, max: 0 }, { ...direct, max: 0 });
  assert.ok(Math.abs((merged?.max ?? 0) - direct.max) <= direct.max / 1000);
});

test('workers that do not count leave the sample and summary without connection fields', () => {
  const second = new SecondConnections();
  second.add(report({}));
  assert.deepEqual(second.fields(), {});
  const totals = new ConnectionTotals();
  totals.add({ connectionsOpened: undefined } as unknown as RunSample);
  assert.deepEqual(totals.fields(), {});
  totals.add({ connectionsOpened: 4, reconnects: 1 } as RunSample);
  totals.add({ connectionsOpened: 2, reconnects: 0 } as RunSample);
  assert.deepEqual(totals.fields(), { connectionsOpened: 6, reconnects: 1 });
});
