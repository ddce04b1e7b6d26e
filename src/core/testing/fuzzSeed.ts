// The seed of a fuzz run: the one given in DIRBENCH_FUZZ_SEED, a fixed one in CI, else a random one;
// a failing run names its seed and how to replay it.

/** Environment variable that gives a fuzz run its seed (to replay a failure). */
export const FUZZ_SEED_ENV = 'DIRBENCH_FUZZ_SEED';

/** The seed of every fuzz run in CI, so a rerun of a red build fails the same way. */
export const CI_FUZZ_SEED = 1_317_303_117;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** True in CI: `CI` set to anything but empty, "0" or "false" (CI services set CI=true). */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env['CI'];
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** The seed for a fuzz run: DIRBENCH_FUZZ_SEED when given, CI_FUZZ_SEED in CI, else a random one. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env[FUZZ_SEED_ENV];
  if (given !== undefined && given.trim() !== '') {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < INT32_MIN || seed > INT32_MAX) {
      throw new Error(
        `${FUZZ_SEED_ENV}=${given} is not a seed: give the integer a failed fuzz run printed ` +
          `(${INT32_MIN} to ${INT32_MAX}), or unset it for a ${inCi(env) ? 'fixed' : 'random'} seed`,
      );
    }
    return seed;
  }
  if (inCi(env)) return CI_FUZZ_SEED;
  return (Date.now() ^ Math.floor(Math.random() * 2 ** 32)) | 0;
}

/**
 * Runs `check` with the run's seed (see fuzzSeed). When it fails, the error names the seed and how
 * to replay it, with the original error as its cause.
 */
export async function withFuzzSeed<T>(
  name: string,
  check: (seed: number) => T | Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<T> {
  const seed = fuzzSeed(env);
  try {
    return await check(seed);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(
      `fuzz ${name} failed with seed ${seed}; rerun the test with ${FUZZ_SEED_ENV}=${seed} to replay it\n${message}`,
      { cause: err },
    );
  }
}
