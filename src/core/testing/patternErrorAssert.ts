// One check of a malformed-pattern error, for the value-pattern and OpenDJ tests.
import assert from 'node:assert/strict';
import { PatternError } from '../pattern/errors.ts';

/** What a PatternError should say: what was parsed, the text under the caret, where and why. */
export interface ExpectedPatternError {
  what: string;
  pattern: string;
  column: number;
  /** Part of the reason. */
  reason: string;
}

/** Asserts that `err` is the PatternError `expected` describes, its message showing the caret under the column. */
export function assertPatternError(err: unknown, expected: ExpectedPatternError): void {
  const { what, pattern, column, reason } = expected;
  assert.ok(err instanceof PatternError, `threw ${String(err)}`);
  assert.equal(err.what, what);
  assert.equal(err.pattern, pattern);
  assert.ok(err.reason.includes(reason), `reason was: ${err.reason}`);
  assert.equal(err.column, column, err.message);
  const lines = err.message.split('\n');
  assert.ok(lines[0]?.startsWith(`invalid ${what}: `), err.message);
  assert.equal(lines[1], `  ${pattern}`);
  assert.equal(lines[2], `  ${' '.repeat(column - 1)}^`);
}
