import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SizeLimitExceededError } from 'ldapts';
import { DEBUG_ENV } from '../core/ldap/unexpected.ts';
import { ApiError, invalid } from '../shared/errors.ts';
import { activityOf } from './commandSpec.ts';
import type { CommandSpec } from './commandSpec.ts';
import { failureReason, failureReport } from './guard.ts';

const ACTIVITY = 'run salford/S.1 on ldap://dir:389';

/** Runs `check` with DIRBENCH_DEBUG set as given, restoring it after. */
function withDebug(value: string | undefined, check: () => void): void {
  const saved = process.env[DEBUG_ENV];
  if (value === undefined) Reflect.deleteProperty(process.env, DEBUG_ENV);
  else process.env[DEBUG_ENV] = value;
  try {
    check();
  } finally {
    if (saved === undefined) Reflect.deleteProperty(process.env, DEBUG_ENV);
    else process.env[DEBUG_ENV] = saved;
  }
}

test('an error nothing expected is one line naming the activity and --debug, exit 1', () => {
  withDebug(undefined, () => {
    const report = failureReport(new TypeError('x is not a function'), ACTIVITY);
    assert.equal(
      report.line,
      `dirbench: ${ACTIVITY}: TypeError: x is not a function (--debug prints the stack trace)\n`,
    );
    assert.equal(report.exitCode, 1);
    // A message over several lines, or not an Error at all, stays one line.
    assert.equal(
      failureReport(new Error('first\n  second'), ACTIVITY).line,
      `dirbench: ${ACTIVITY}: first second (--debug prints the stack trace)\n`,
    );
    assert.match(failureReport('a string', ACTIVITY).line, /: a string \(--debug/);
  });
});

test('with debugging on, the stack frames follow the line', () => {
  withDebug('1', () => {
    const { line } = failureReport(new TypeError('x is not a function'), ACTIVITY);
    assert.match(
      line,
      /^dirbench: run salford\/S\.1 on ldap:\/\/dir:389: TypeError: x is not a function\n {4}at /,
    );
  });
});

test("an LDAP error that escaped is worded as DirBench words the server's answers", () => {
  withDebug(undefined, () => {
    const { line } = failureReport(new SizeLimitExceededError('Size limit exceeded'), ACTIVITY);
    assert.match(
      line,
      /^dirbench: run salford\/S\.1 on ldap:\/\/dir:389: The server stopped at its size limit \(sizeLimitExceeded, 4\)/,
    );
    assert.equal(line.split('\n').length, 2);
  });
});

test('errors the commands expect keep their messages and codes', () => {
  assert.deepEqual(failureReport(invalid('--connections', 'must be between 1 and 64'), ACTIVITY), {
    line: 'dirbench: --connections: must be between 1 and 64\n',
    exitCode: 2,
  });
  const missing = new ApiError('not-found', 'run run-x does not exist', undefined, {
    subject: 'run',
  });
  assert.equal(
    failureReport(missing, ACTIVITY).line,
    'dirbench: run run-x does not exist; see "dirbench runs list"\n',
  );
  const locked = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
  const report = failureReport(locked, ACTIVITY);
  assert.equal(report.exitCode, 1);
  assert.match(report.line, /^dirbench: the database .* is locked by another process/);
  assert.doesNotMatch(report.line, /--debug/);
});

test('the reason a cut-off run is stored with', () => {
  assert.equal(failureReason(new TypeError('boom')), 'internal error: TypeError: boom');
  assert.equal(failureReason(new ApiError('unavailable', 'cannot reach x')), 'cannot reach x');
});

test("a command's activity: its own words, else its name and arguments, never an error", () => {
  const base: CommandSpec = {
    name: 'runs show',
    summary: '',
    usage: [],
    args: ['ID'],
    groups: [],
    examples: [],
    run: () => Promise.resolve(0),
  };
  assert.equal(activityOf(base, ['run-1'], {}), 'runs show run-1');
  const worded = { ...base, activity: () => 'showing run-1' };
  assert.equal(activityOf(worded, ['run-1'], {}), 'showing run-1');
  const broken = {
    ...base,
    activity: () => {
      throw new Error('bad');
    },
  };
  assert.equal(activityOf(broken, ['run-1'], {}), 'runs show run-1');
});
