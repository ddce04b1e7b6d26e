// Shared by the agent tests: bounded polling, and waiting for a `dirbench agent` process to connect.
import assert from 'node:assert/strict';

/** Polls `check` every 100 ms until it gives a truthy value; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs: number,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) assert.fail(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits (20 s at most) until an agent process says it connected to the broker. */
export async function agentConnected(agent: { stderr: () => string }): Promise<void> {
  await waitFor(
    'agent connected',
    () => agent.stderr().includes('connected to the broker'),
    20_000,
  );
}
