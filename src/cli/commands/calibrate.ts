// `dirbench calibrate`: this machine's load-generation ceiling, measured against the built-in responder.
// The work is in calibrateImpl.ts, loaded when the command runs.
import { omit, pick } from '../commandSpec.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { RUN_AND_MATRIX_OPTIONS, RUN_LOAD_OPTIONS } from '../runOptions.ts';
import { TARGET_GROUP } from '../targetOptions.ts';
import { ADHOC_GROUP, WORKLOAD_GROUP } from '../workloadOptions.ts';
import { LAB_BUILD_OPTIONS } from './labOptions.ts';
import { runActivity } from './run.ts';

/** Options of `run` calibrate refuses, and why: it has its own server and finds the closed-model ceiling. */
const REFUSED: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [...Object.keys(TARGET_GROUP.options), ...Object.keys(LAB_BUILD_OPTIONS)]
      // --base is also --op search's, which calibrate takes.
      .filter((name) => !(name in ADHOC_GROUP.options))
      .map((name) => [name, 'it measures against its own responder']),
  ),
  rate: 'it finds the closed-model ceiling',
  'rate-profile': 'it finds the closed-model ceiling',
  repeats: 'it finds the closed-model ceiling',
  threshold: 'a calibration is a measurement of this machine, not a run to judge',
  junit: 'a calibration is a measurement of this machine, not a run to judge',
};

/** `dirbench calibrate`. */
export const calibrateSpec: CommandSpec = {
  name: 'calibrate',
  summary: "this machine's load-generation ceiling (ops/s) against the built-in responder",
  usage: ['dirbench calibrate [--workload read-random] [run options]'],
  args: [],
  about: [
    'The built-in responder is a loopback LDAP listener that answers at once, so the rate reached is',
    "the client's limit. The ceiling is recorded (not kept in history): later runs with the same settings",
    'that come near it are flagged client-bound.',
  ],
  groups: [
    WORKLOAD_GROUP,
    ADHOC_GROUP,
    {
      title: 'Run options',
      options: {
        ...omit(RUN_LOAD_OPTIONS, ['rate', 'rate-profile']),
        ...pick(RUN_AND_MATRIX_OPTIONS, ['warmup', 'duration', 'pool']),
      },
    },
    commonGroup('{ workload, ceilingOpsPerSec, connections, depth, workers, latencyUs }'),
  ],
  examples: [
    {
      what: 'the ceiling of the default workload at 8 connections',
      line: 'dirbench calibrate --workload read-random --connections 8 --duration 10',
    },
  ],
  refused: REFUSED,
  run: async (_args, options) => (await import('./calibrateImpl.ts')).calibrateCommand(options),
  activity: (_args, options) =>
    runActivity('calibrate', { ...options, target: 'the built-in responder' }),
};
