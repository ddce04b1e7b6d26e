// Test support for the *.fuzz.test.ts files: runs a property over generated inputs, allowing only the
// parser's own error, failing any case slower than a bound and killing the process if one hangs;
// every failure names the seed that replays it (fuzzSeed.ts).
import { writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { FUZZ_SEED_ENV, withFuzzSeed } from './fuzzSeed.ts';

/** How a fuzz run is bounded: cases to generate, slowest acceptable case, and when a case counts as hung. */
export interface FuzzBounds {
  numRuns?: number;
  maxCaseMs?: number;
  hangS?: number;
}

/** The floor the issue sets for every parser in CI. */
export const FUZZ_RUNS = 100_000;

// The watchdog lives in a worker thread because a hung case blocks the main thread's timers;
// it writes with writeSync since the main thread cannot relay its output while blocked.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const cells = new Int32Array(workerData.buffer);
let last = -1;
let since = Date.now();
const timer = setInterval(() => {
  if (Atomics.load(cells, 1) === 1) return clearInterval(timer);
  const now = Atomics.load(cells, 0);
  if (now !== last) { last = now; since = Date.now(); return; }
  if (Date.now() - since > workerData.hangMs) {
    writeSync(2, 'fuzz ' + workerData.name + ': case ' + now + ' ran for over ' + workerData.hangMs + ' ms (hung); rerun with ' + workerData.replay + ' DIRBENCH_FUZZ_TRACE=FILE to get it in FILE\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}, 200);
`;

/**
 * Asserts `run` never throws anything `isOwnError` rejects and never takes longer than the bound, over
 * `arb`. The seed follows withFuzzSeed (given, fixed in CI, else random) and is named on failure.
 */
export async function fuzz<T>(
  name: string,
  arb: fc.Arbitrary<T>,
  run: (input: T) => void,
  isOwnError: (err: unknown) => boolean,
  bounds: FuzzBounds = {},
): Promise<void> {
  await withFuzzSeed(name, (seed) => fuzzWithSeed(name, seed, arb, run, isOwnError, bounds));
}

/** Cases to generate: DIRBENCH_FUZZ_RUNS, else the bound, else FUZZ_RUNS. */
function numRunsOf(bounds: FuzzBounds): number {
  const text = process.env.DIRBENCH_FUZZ_RUNS;
  if (text === undefined || text.trim() === '') return bounds.numRuns ?? FUZZ_RUNS;
  const runs = Number(text);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(
      `DIRBENCH_FUZZ_RUNS=${text} is not a number of cases: give a whole number >= 1`,
    );
  return runs;
}

async function fuzzWithSeed<T>(
  name: string,
  seed: number,
  arb: fc.Arbitrary<T>,
  run: (input: T) => void,
  isOwnError: (err: unknown) => boolean,
  bounds: FuzzBounds,
): Promise<void> {
  const maxCaseMs = bounds.maxCaseMs ?? 250;
  // DIRBENCH_FUZZ_RUNS scales a run up for a soak or down while profiling a generator.
  const numRuns = numRunsOf(bounds);
  const buffer = new SharedArrayBuffer(8);
  const cells = new Int32Array(buffer);
  const hangMs = (bounds.hangS ?? 10) * 1000;
  const trace = process.env.DIRBENCH_FUZZ_TRACE;
  // A hang is never reported by fast-check: the watchdog names the seed that replays it.
  const watchdog = new Worker(WATCHDOG, {
    eval: true,
    workerData: {
      buffer,
      hangMs,
      name: `${name} (seed ${seed})`,
      replay: `${FUZZ_SEED_ENV}=${seed}`,
    },
  });
  watchdog.unref();
  let count = 0;
  // With DIRBENCH_FUZZ_STATS set, prints how often inputs were accepted and which fields rejected them,
  // to check a generator reaches deep into the grammar rather than failing at the first check.
  const stats = new Map<string, number>();
  try {
    fc.assert(
      fc.property(arb, (input) => {
        Atomics.store(cells, 0, ++count);
        // Replaying a hang with DIRBENCH_FUZZ_SEED and DIRBENCH_FUZZ_TRACE=FILE leaves its input in FILE.
        if (trace !== undefined) writeFileSync(trace, fc.stringify(input));
        const startMs = performance.now();
        try {
          run(input);
          stats.set('(accepted)', (stats.get('(accepted)') ?? 0) + 1);
        } catch (err) {
          if (!isOwnError(err)) throw err;
          const key = statKey(err);
          stats.set(key, (stats.get(key) ?? 0) + 1);
        }
        const tookMs = performance.now() - startMs;
        // A slow case is timed again: a shared machine may pause us once, a super-linear input never runs fast.
        if (tookMs > maxCaseMs && timed(run, input, isOwnError) > maxCaseMs)
          throw new Error(`${name}: one case took ${tookMs.toFixed(0)} ms`);
      }),
      { numRuns, seed },
    );
  } finally {
    if (process.env.DIRBENCH_FUZZ_STATS !== undefined) {
      const top = [...stats].sort((a, b) => b[1] - a[1]).slice(0, 15);
      console.log(`fuzz ${name}:`, top.map(([k, n]) => `${JSON.stringify(k)} ${n}`).join(', '));
    }
    Atomics.store(cells, 1, 1);
    await watchdog.terminate();
  }
}

/** What a rejection is counted under: its field with list indexes dropped, else its first words. */
function statKey(err: unknown): string {
  const fieldName = (err as { field?: unknown }).field;
  if (typeof fieldName === 'string') return fieldName.replace(/\[\d+\]/g, '[]');
  return (
    String((err as Error).message)
      .split(/[:\n]/)[0]
      ?.slice(0, 40) ?? '?'
  );
}

/** Milliseconds one run of `input` takes, own errors included. */
function timed<T>(
  run: (input: T) => void,
  input: T,
  isOwnError: (err: unknown) => boolean,
): number {
  const startMs = performance.now();
  try {
    run(input);
  } catch (err) {
    if (!isOwnError(err)) throw err;
  }
  return performance.now() - startMs;
}

/** Joins token pieces into one text, so grammars are written as arrays of fragments. */
export function joined(piece: fc.Arbitrary<string>, maxLength = 12): fc.Arbitrary<string> {
  return fc.array(piece, { maxLength }).map((parts) => parts.join(''));
}

/** Cuts a text at a random point, the way a half-typed or truncated input ends. */
export function maybeTruncated(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(text, fc.nat(), fc.boolean())
    .map(([t, at, cut]) => (cut && t.length > 0 ? t.slice(0, at % t.length) : t));
}

/** Awkward numbers written as text: huge, negative, zero, fractional, exponent, NaN-ish. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  fc.nat(20).map(String),
  fc.constantFrom('0', '-1', '00', '9007199254740993', '1e308', '1.5', 'NaN', 'Infinity', '-0'),
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
);

/** Odd characters: unicode, controls, surrogates, escapes. */
export const oddText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.constantFrom('\\', '\u0000', '\n', '\r\n', '\t', ' ', '\uD800', '💥', 'é', '\\2a', '\\'),
  // Names that are already properties of every plain object, which naive maps trip over.
  fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'),
);

/** Values that break typed fields: wrong types, NaN, infinities, huge, negative, fractional, empty. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    -1,
    0,
    -0,
    1e308,
    2 ** 53 + 2,
    1.5,
    '',
    ' ',
    null,
    [],
    {},
    true,
  ),
  fc.jsonValue({ maxDepth: 2 }),
  fc.integer(),
  oddText,
);

/** Mostly `valid`, sometimes an odd value or missing: how one field of a hand-edited file goes wrong. */
export function field<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> {
  return fc.oneof(
    { weight: 60, arbitrary: valid },
    { weight: 1, arbitrary: oddValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Usually `valid`, now and then `bad`: keeps most generated inputs deep enough to reach later checks. */
export function mostly<T, U>(valid: fc.Arbitrary<T>, bad: fc.Arbitrary<U>): fc.Arbitrary<T | U> {
  return fc.oneof({ weight: 30, arbitrary: valid }, { weight: 1, arbitrary: bad });
}

/** An object whose fields come from `shape` (each possibly odd or missing), sometimes with an unknown key. */
export function looseRecord(shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const entries = Object.entries(shape).map(([k, arb]) => [k, field(arb)] as const);
  return fc
    .tuple(
      fc.tuple(...entries.map(([, arb]) => arb)),
      mostly(fc.constant(null), fc.tuple(oddText, oddValue)),
    )
    .map(([values, extra]) => {
      const out: Record<string, unknown> = {};
      entries.forEach(([k], i) => {
        if (values[i] !== undefined) out[k] = values[i];
      });
      if (extra !== null) out[extra[0]] = extra[1];
      return out;
    });
}
