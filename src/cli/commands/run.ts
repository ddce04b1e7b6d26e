// `dirbench run`: one benchmark against a throwaway lab or an existing server, with a JSON summary.
// The work is in runImpl.ts, loaded when the command runs.
import { LAB_KIND_LIST } from '../../shared/labKinds.ts';
import { RUN_AGENT_OPTIONS } from '../agentRunOptions.ts';
import { LAB_BUILD_OPTIONS } from './labOptions.ts';
import { RUN_AND_MATRIX_OPTIONS, RUN_LOAD_OPTIONS } from '../runOptions.ts';
import { givenText } from '../options.ts';
import { READ_RANDOM_ID } from '../../core/workload/builtin.ts';
import { REPLICATION_OPTIONS } from '../replicationOptions.ts';
import type { RawOptions } from '../options.ts';
import { omit } from '../commandSpec.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { TARGET_GROUP } from '../targetOptions.ts';
import { SERVER_SET_OPTIONS } from '../serverSetOptions.ts';
import { ADHOC_GROUP, WORKLOAD_GROUP } from '../workloadOptions.ts';
import { METRICS_GROUP } from './metricsOptions.ts';

/** "run salford/S.1 on ldap://host:389", "run --op search on a new openldap lab": what a run command does. */
export function runActivity(verb: string, options: RawOptions): string {
  const workload =
    typeof options.op === 'string'
      ? `--op ${options.op}`
      : givenText(options, 'workload-file', givenText(options, 'workload', READ_RANDOM_ID));
  const lab = options.lab;
  const on =
    typeof lab === 'string' ? `a new ${lab} lab` : givenText(options, 'target', 'no target');
  return `${verb} ${workload} on ${on}`;
}

/** `dirbench run`. */
export const runSpec: CommandSpec = {
  name: 'run',
  summary: 'one benchmark against a throwaway lab or an existing server',
  usage: [
    `dirbench run --lab ${LAB_KIND_LIST.join('|')} --entries N [--index PROFILE] [run options]`,
    'dirbench run --target ldap://HOST:PORT --base DN [--bind-dn DN --password-file FILE] [--start-tls]',
    '             [--ca-file PEM] [run options]',
    "dirbench run ... [--threshold 'p99<5ms']... [--junit FILE]   (a breached threshold exits 3)",
    'dirbench run --target TARGET-ID [run options]',
    'dirbench run --target URL1|ID1 --target URL2|ID2 ... [--server-set round-robin|failover] [run options]',
  ],
  args: [],
  about: [
    "Prints a progress line per second on stderr (not a terminal: each phase's first and last, and",
    'one every 5 s) and the summary on stdout. An ad-hoc --target URL is saved as a target so history',
    'can name it; its password is used for this run only.',
  ],
  groups: [
    TARGET_GROUP,
    { title: 'Several servers (--target repeated)', options: SERVER_SET_OPTIONS },
    { title: 'With --lab', options: LAB_BUILD_OPTIONS },
    WORKLOAD_GROUP,
    // --base is in the target group: here it is also the target's base DN.
    { ...ADHOC_GROUP, options: omit(ADHOC_GROUP.options, ['base']) },
    { title: 'Run options', options: { ...RUN_LOAD_OPTIONS, ...RUN_AND_MATRIX_OPTIONS } },
    { title: 'On load agents', options: RUN_AGENT_OPTIONS },
    { title: 'Replication', options: REPLICATION_OPTIONS },
    METRICS_GROUP,
    commonGroup(
      'one summary object (runId, status, model, policy, opsPerSec, errors, errorsByCode, latencyUs, operations, ...)',
    ),
  ],
  examples: [
    {
      what: 'a throwaway lab of 10,000 entries, 2 s warm-up, 10 s measured, JSON summary',
      line: 'dirbench run --lab openldap --entries 10000 --workload read-random --connections 8 --depth 2 --warmup 2 --duration 10 --json',
    },
    {
      what: 'an existing server (the password is read from a file and never stored)',
      line: 'dirbench run --target ldap://dir.example.com:389 --bind-dn cn=bench,o=Example --password-file ./bench.pw --base ou=People,o=Example --connections 16 --duration 60',
    },
    {
      what: 'a CI gate: exit 3 when p99 is 5 ms or more or any operation failed, with a JUnit report',
      line: "dirbench run --lab openldap --entries 10000 --duration 30 --threshold 'p99<5ms' --threshold 'errors<=0' --junit dirbench-junit.xml",
    },
    {
      what: 'searchrate -b ou=People,o=Salford,c=gb -s sub -f "(cn=[entry:cn])" -A cn,mail',
      line: "dirbench run --target ldap://dir.example.com:389 --target-base o=Salford,c=gb --op search --base ou=People,o=Salford,c=gb --scope sub --filter '(cn=[entry:cn])' --attributes cn,mail",
    },
  ],
  run: async (_args, options) => (await import('./runImpl.ts')).runCommand(options),
  activity: (_args, options) => runActivity('run', options),
};
