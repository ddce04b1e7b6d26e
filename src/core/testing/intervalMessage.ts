// A worker's report of one second for tests: `ops` successes of `latencyUs` each.
import { createHistogram, encodeHistogram, recordLatencyUs } from '../loadgen/histogram.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';

/** An interval message of second `second` with `ops` ops at `latencyUs`, overridden by `extra`. */
export function intervalMessage(
  second: number,
  ops: number,
  latencyUs = 500,
  extra: Partial<WorkerIntervalMessage> = {},
): WorkerIntervalMessage {
  const h = createHistogram();
  for (let i = 0; i < ops; i++) recordLatencyUs(h, latencyUs);
  return {
    type: 'interval',
    second,
    intervalMs: 1000,
    ops,
    errors: 0,
    errorsByCode: {},
    entries: ops,
    histogram: encodeHistogram(h),
    ...extra,
  };
}
