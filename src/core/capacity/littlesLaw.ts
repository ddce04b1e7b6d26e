// Little's law on a closed step: N clients ~= throughput x mean response time.
import type { LittleCheck } from '../../shared/capacity.ts';

/**
 * Most |X R - N| / N a closed step may show before it is flagged: client time between an answer
 * and the next request (and a warm-up edge) makes X R fall a little short of N; more than this
 * means the step's figures do not describe N clients waiting on the server.
 */
export const LITTLE_TOLERANCE = 0.1;

/** Checks N against X * R; null when there is no latency or throughput to check with. */
export function littleCheck(
  concurrency: number,
  opsPerSec: number,
  meanLatencyUs: number | null,
): LittleCheck | null {
  if (meanLatencyUs === null || !(opsPerSec > 0) || !(concurrency > 0)) return null;
  const impliedConcurrency = opsPerSec * (meanLatencyUs / 1e6);
  const deviation = (impliedConcurrency - concurrency) / concurrency;
  return {
    impliedConcurrency,
    deviation,
    withinTolerance: Math.abs(deviation) <= LITTLE_TOLERANCE,
  };
}
