// `dirbench compare`: stored runs against a baseline, per metric, with Welch's p-value and a regression gate for CI.
// The work is in compareImpl.ts, loaded when the command runs.
import { BASELINE_METRICS } from '../../shared/compareBaseline.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';

/** `dirbench compare`. */
export const compareSpec: CommandSpec = {
  name: 'compare',
  summary:
    "stored runs against a baseline: change in percent per metric, Welch's p-value, a regression gate",
  usage: [
    'dirbench compare --baseline ID [--baseline ID]... --run ID [--run ID]... [--metrics LIST]',
    '                 [--max-regression P%] [--json]',
  ],
  args: [],
  about: [
    'The baseline runs are repeats of one setting; the other runs are grouped into settings the way',
    'the compare charts group repeats (same server, index profile, workload, size, connections, depth,',
    "policy and load model). Per metric: both means, the change in percent, better or worse, and Welch's",
    'p-value when both sides have two or more counted runs. Failed, stopped and interrupted runs do not',
    'count and are listed. With --max-regression, a metric worse than the baseline by more than P percent',
    'is a breach (exit 3) unless its p-value says it may be noise (p >= 0.05); a setting none of whose',
    'runs counts cannot be judged (exit 1).',
  ],
  groups: [
    {
      title: 'Runs',
      options: {
        baseline: {
          type: 'string',
          multiple: true,
          value: 'ID',
          description: 'a run to compare against (repeat it for repeats of one setting)',
        },
        run: {
          type: 'string',
          multiple: true,
          value: 'ID',
          description: 'a run to compare with the baseline (repeat it; see "dirbench runs list")',
        },
      },
    },
    {
      title: 'Options',
      options: {
        metrics: {
          type: 'string',
          value: 'LIST',
          description: `the metrics compared, comma-separated (default all: ${BASELINE_METRICS.join(',')})`,
        },
        'max-regression': {
          type: 'string',
          value: 'P%',
          description:
            'exit 3 when a run is worse than the baseline by more than P percent on a compared metric',
        },
      },
    },
    commonGroup('the whole comparison (baseline, candidates with their changes, regression check)'),
  ],
  examples: [
    {
      what: 'three repeats of tonight against three of last release',
      line: 'dirbench compare --baseline RUN-A1 --baseline RUN-A2 --baseline RUN-A3 --run RUN-B1 --run RUN-B2 --run RUN-B3',
    },
    {
      what: 'a CI gate: fail when throughput or p99 got more than 10% worse',
      line: 'dirbench compare --baseline RUN-A --run RUN-B --metrics opsPerSec,p99Us --max-regression 10%',
    },
  ],
  run: async (_args, options) => (await import('./compareImpl.ts')).compareCommand(options),
};
