// Numeric range tokens: random [lo-hi%fmt] and sequential [lo:hi x inc %fmt].
import { compileDecimalFormat } from './decimalFormat.ts';
import type { IntegerFormat } from './decimalFormat.ts';
import type { Fail } from './errors.ts';
import { randomBelow, SequenceCursor } from './random.ts';
import type { CompileEnv, Component } from './types.ts';

/** Reads an optionally negative decimal integer at `start`; fails with `what` if there is none. */
function readInteger(body: string, start: number, what: string, fail: Fail) {
  let i = start;
  if (body[i] === '-') i++;
  const digitsStart = i;
  while (i < body.length && body.charCodeAt(i) >= 48 && body.charCodeAt(i) <= 57) i++;
  if (i === digitsStart) fail(i === body.length ? start : i, `${what} is not a number`);
  const value = Number(body.slice(start, i));
  if (!Number.isSafeInteger(value)) fail(start, `${what} is beyond ±2^53`);
  return { value, end: i };
}

/** String(n), or the DecimalFormat the token asked for. */
function formatter(body: string, at: number, fail: Fail): IntegerFormat {
  if (at >= body.length) return String;
  if (body[at] !== '%') fail(at, `unexpected '${body[at]}' in range`);
  return compileDecimalFormat(body.slice(at + 1), (o, r) => fail(at + 1 + o, r));
}

/** Compiles a numeric range body (no brackets); `fail` offsets count from the body's start. */
export function compileRange(body: string, env: CompileEnv, fail: Fail): Component {
  const lower = readInteger(body, 0, 'range lower bound', fail);
  const separator = body[lower.end];
  if (separator !== '-' && separator !== ':') {
    fail(
      lower.end,
      separator === undefined
        ? "range needs '-' or ':' and an upper bound"
        : `unexpected '${separator}' in range`,
    );
  }
  const upperAt = lower.end + 1;
  const upper = readInteger(body, upperAt, 'range upper bound', fail);
  const lo = lower.value;
  const hi = upper.value;
  if (Math.abs(hi - lo) >= Number.MAX_SAFE_INTEGER)
    fail(upperAt, 'range spans more than 2^53 values');

  if (separator === '-') {
    if (hi < lo) fail(upperAt, 'empty range: upper bound is below lower bound');
    const format = formatter(body, upper.end, fail);
    const count = hi - lo + 1;
    return (ctx) => format(lo + randomBelow(ctx.rng, count));
  }

  let increment = 1;
  let formatAt = upper.end;
  if (body[upper.end] === 'x') {
    const inc = readInteger(body, upper.end + 1, 'range increment', fail);
    if (inc.value === 0) fail(upper.end + 1, 'range increment must not be 0');
    if (inc.value < 0)
      fail(upper.end + 1, 'range increment must be positive (descend with [high:low])');
    increment = inc.value;
    formatAt = inc.end;
  }
  const format = formatter(body, formatAt, fail);
  // Descending ranges walk down from the first bound; the increment is always a magnitude.
  const step = hi >= lo ? increment : -increment;
  const count = Math.floor(Math.abs(hi - lo) / increment) + 1;
  const cursor = new SequenceCursor(count, env.offset, env.stride);
  return () => format(lo + cursor.take() * step);
}
