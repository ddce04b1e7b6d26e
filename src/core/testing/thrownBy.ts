// The error a call throws, for tests that then check its fields.
import assert from 'node:assert/strict';

/**
 * Runs `fn` and returns the `type` error it throws; any other error is thrown on, and the test
 * fails with `expectation` when nothing is thrown.
 */
export function thrownBy<E>(
  fn: () => unknown,
  type: abstract new (...args: never[]) => E,
  expectation: string,
): E {
  try {
    fn();
  } catch (err) {
    if (err instanceof type) return err;
    throw err;
  }
  assert.fail(expectation);
}
