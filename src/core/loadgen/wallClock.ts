// The wall clock a load worker and an agent start load by. Tests of clock-offset correction skew
// it for one agent and its workers (DIRBENCH_TEST_CLOCK_SKEW_MS), as a machine with a wrong clock
// would be; it is never set in use.
const skewMs = Number(process.env.DIRBENCH_TEST_CLOCK_SKEW_MS ?? '0') || 0;

/** Epoch ms as this process's (possibly test-skewed) wall clock reads it. */
export function wallNowMs(): number {
  return Date.now() + skewMs;
}
