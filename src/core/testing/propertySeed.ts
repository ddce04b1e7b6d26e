// Preloaded by `npm run test:unit`: property tests (fast-check) take the fuzz runs' seed rule, so CI
// runs every property with a fixed seed and DIRBENCH_FUZZ_SEED replays a failure; fast-check prints
// the seed of any failing property itself.
import fc from 'fast-check';
import { FUZZ_SEED_ENV, fuzzSeed, inCi } from './fuzzSeed.ts';

// On a workstation without a seed given, each property keeps fast-check's own random seed.
if (inCi() || (process.env[FUZZ_SEED_ENV] ?? '').trim() !== '') {
  fc.configureGlobal({ seed: fuzzSeed() });
}
