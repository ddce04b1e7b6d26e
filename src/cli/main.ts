// The `dirbench` command line: parses arguments, dispatches, maps errors to exit codes (1 failed, 2 bad input).
import { databaseFailure, isDatabaseFailure } from '../core/store/databaseErrors.ts';
import { parseArgs } from 'node:util';
import { joinNegativeValues, optionForField } from './argvFixes.ts';
import { ApiError } from '../shared/errors.ts';
import { dirbenchVersion } from '../core/runs/environment.ts';
import { calibrateCommand } from './commands/calibrate.ts';
import { exportCommand } from './commands/export.ts';
import { labCommand } from './commands/lab.ts';
import { matrixCommand } from './commands/matrix.ts';
import { runCommand } from './commands/run.ts';
import { runsCommand } from './commands/runs.ts';
import { importCommand } from './commands/import.ts';
import { reportCommand } from './commands/report.ts';
import { serveCommand } from './commands/serve.ts';
import { targetsCommand } from './commands/targets.ts';
import { workloadsCommand } from './commands/workloads.ts';
import { generateCommand } from './commands/generate.ts';
import type { RawOptions } from './options.ts';

const USAGE = `dirbench - benchmark LDAP directory servers

Usage:
  dirbench serve [--port N] [--host 127.0.0.1]       browser mode: prints the URL to open
                     (another interface needs --host ADDR --allow-remote, and prints a warning)
  dirbench lab start openldap|389ds|opendj --entries N [--seed S] [--index PROFILE] [--json]
                     a local lab server (kept until lab stop); PROFILE: salford-indexed (default),
                     salford-unindexed, none, another name in data/index-profiles.json, or cn:eq,sub;uid:eq
                     [--load offline|protocol] [--load-connections N]: the server's bulk loader (default)
                     or LDAP adds on N connections (default 8), timed either way;
                     [--tls starttls|ldaps]: the lab gets its own CA and its target verifies against it
  dirbench lab list | lab stop ID | lab destroy ID      destroy also deletes the lab's files
  dirbench lab install opendj                           fetch the OpenDJ 4.9 server zip from Maven Central
                     lab start and run --lab also take --shape salford|flat (M-Vault's o=Test,c=BA)
  dirbench generate --shape salford|flat --entries N [--seed S] --out FILE [--json]
  dirbench generate --template FILE [--resource-dir DIR] [--entries-override N] [--constant NAME=VALUE]
                    [--seed S] --out FILE [--json]
                     LDIF (deterministic for a seed) plus FILE.dns (person DNs) and FILE.binds
                     (DN<TAB>password); --template runs an OpenDJ/SLAMD makeldif template
  dirbench run --lab openldap|389ds|opendj --entries N [--index PROFILE] [run options]
  dirbench run --target ldap://HOST:PORT --base DN [--bind-dn DN --password-file FILE] [--start-tls]
               [--ca-file PEM] [run options]        (TLS verifies the server against PEM, else the system CAs)
               [--password-env NAME]: the password from an environment variable instead of a file;
               [--tls-no-verify]: trust an unverified server certificate (recorded and shown on the run);
               [--client-cert PEM --client-key PEM]: a TLS client certificate (SASL EXTERNAL binds)
                     (with --op search and a --base pattern, --target-base DN names the subtree to sample entries from)
  dirbench run --target TARGET-ID [run options]
  dirbench calibrate [--workload read-random] [run options]
                     this machine's load-generation ceiling (ops/sec) against the built-in
                     responder, a loopback LDAP listener that answers at once (not kept in history)
  dirbench runs list [--target NAME] [--workload ID] [--tag TAG]... [--status STATUS]... [--json]
  dirbench runs show ID | runs tag ID TAG... | runs delete ID... --yes
  dirbench import --format searchrate-csv|opendj-csv FILE [--target-name NAME] [--json]
                     UnboundID searchrate --csv or OpenDJ searchrate -S output, stored as a run; prints its id
  dirbench export --run ID... | --campaign ID --chart timeseries|trend|concurrency|latency|bars
                  [--format png|svg] [--metric opsPerSec|p50Us|p90Us|p99Us|p999Us|meanUs]
                  [--reference TABLE-ID]... --out FILE   a compare chart drawn headlessly
  dirbench export --run ID... | --campaign ID --format csv|json|hlog [--samples] --out FILE
                     CSV of run summaries (--samples: one row per second), JSON of whole runs,
                     or one run's HdrHistogram interval log
  dirbench report --campaign ID | --run ID... [--reference TABLE-ID]... --out FILE.html
                     a self-contained HTML report (tables, charts) that opens offline
  dirbench targets list
  dirbench workloads list [--json] | workloads show ID | workloads check FILE
  dirbench matrix run FILE|builtin/NAME|user/NAME [--json] [--sizes 10000,100000]
                     [--servers openldap,389ds,TARGET-ID] [--warmup S] [--duration S] [--repeats N]
                     [--pool N]  (pool of workloads that delete what they add, e.g. salford/D.1a)
                     runs a test matrix as a campaign (progress on stderr, its id on stdout)
  dirbench matrix list | matrix show ID | matrix check FILE | matrix resume CAMPAIGN-ID

Workload (one of):
  --workload ID            a catalog entry, e.g. salford/S.3 (see dirbench workloads list); default read-random
  --workload-file FILE     a workload definition in JSON (start from: dirbench workloads show ID)
  --op KIND                an ad-hoc operation in searchrate's words; KIND and its options:
     search                --base PATTERN --scope base|one|sub|children --filter PATTERN --attributes a,b|1.1|*
                           [--size-limit N] [--time-limit S] [--types-only] [--deref never|search|find|always]
                           [--page-size N] [--sort-keys sn,-cn]
     modify                --entry-dn PATTERN --attribute NAME [--value PATTERN | --value-length N]
                           [--mod-type replace|add|delete]
     add                   --template FILE (LDIF with value patterns; the DN needs [unique])
     delete                --entry-dn PATTERN, or --pool N --template FILE (deletes entries it adds first)
     modrdn                --entry-dn PATTERN --new-rdn PATTERN [--keep-old-rdn], or --pool N --template FILE
     compare               --entry-dn PATTERN --attribute NAME --value PATTERN
     bind                  --bind-dn-pattern PATTERN --credentials FILE|--credentials-pattern PATTERN
                           [--new-connection] [--invalid-percent P] [--sasl PLAIN]
                           [--search-base DN --search-filter PATTERN]  (search-then-bind, as authrate)
     search-and-modify     the search options plus --attribute NAME [--value PATTERN]
  -g, --generator GEN      OpenDJ style: rand(MIN,MAX), inc(MIN,MAX), randstr(N), rand(FILE), inc(FILE);
                           repeat for {2}, {3}...; the pattern options then take OpenDJ format strings
                           like "(uid=user.{1})"
  Patterns are UnboundID value patterns ([1-1000], [0:999%0000], [random:8], [file:F], [uuid], [ref:1], ...)
  plus [entry:ATTR] (an attribute of a random existing entry) and [unique]; --seed makes them reproducible.

Run options:
  --connections N          connections (default 8)      --depth N     outstanding requests per connection (default 1)
  --warmup S               warm-up seconds, excluded (default 2)    --duration S   measured seconds (default 10)
  --workers N              load worker processes (default: CPU cores - 1)
  --policy P               persistent (default) | reconnect:N | per-op | rebind
  --rate R                 open model: R ops/s scheduled at t0 + i/R, latency also from the intended start
  --rate-profile FILE      open model with steps/ramps: lines "SECONDS RATE" or "SECONDS FROM TO"
  --cooldown S             seconds of load after the measured phase, excluded (default 0)
  --op-timeout S           an operation unanswered for S seconds counts as a timeout error (default 60)
  --repeats K              run K times and report mean and 95% confidence interval
  --no-delay on|off        TCP_NODELAY (default on; off leaves Nagle's algorithm on)
  --pool N                 size of the workload's pool (entries added before load for deletes/renames)
  --seed N                 random seed (default 1)      --json        print one JSON summary on stdout
  --yes                    confirm heavy load on a server that is not a DirBench lab: needed above
                           DIRBENCH_CONFIRM_ABOVE_CONNECTIONS (64) connections or
                           DIRBENCH_CONFIRM_ABOVE_OPS_PER_SEC (1000) ops/s; no run lasts longer than
                           DIRBENCH_MAX_RUN_S (86400) seconds of warm-up + measured + cool-down

Common options:
  --db FILE                SQLite file (default: DIRBENCH_DB or <data-dir>/dirbench.sqlite)
  --data-dir DIR           data folder (default: ~/.local/share/dirbench or DIRBENCH_DATA_DIR)
  --json                   machine-readable output

Exit codes: 0 success, 1 the run or command failed, 2 bad input.
`;

const OPTIONS = {
  format: { type: 'string' },
  'target-name': { type: 'string' },
  tag: { type: 'string', multiple: true },
  status: { type: 'string', multiple: true },
  yes: { type: 'boolean' },
  'op-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  json: { type: 'boolean' },
  db: { type: 'string' },
  'data-dir': { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'allow-remote': { type: 'boolean' },
  entries: { type: 'string' },
  index: { type: 'string' },
  shape: { type: 'string' },
  out: { type: 'string' },
  'resource-dir': { type: 'string' },
  'entries-override': { type: 'string' },
  constant: { type: 'string', multiple: true },
  load: { type: 'string' },
  tls: { type: 'string' },
  'load-connections': { type: 'string' },
  seed: { type: 'string' },
  lab: { type: 'string' },
  target: { type: 'string' },
  'bind-dn': { type: 'string' },
  'password-file': { type: 'string' },
  'password-env': { type: 'string' },
  'tls-no-verify': { type: 'boolean' },
  'client-cert': { type: 'string' },
  'client-key': { type: 'string' },
  base: { type: 'string' },
  'start-tls': { type: 'boolean' },
  'ca-file': { type: 'string' },
  'target-base': { type: 'string' },
  workload: { type: 'string' },
  'workload-file': { type: 'string' },
  op: { type: 'string' },
  generator: { type: 'string', multiple: true, short: 'g' },
  scope: { type: 'string' },
  filter: { type: 'string' },
  attributes: { type: 'string' },
  'size-limit': { type: 'string' },
  'time-limit': { type: 'string' },
  'types-only': { type: 'boolean' },
  deref: { type: 'string' },
  'page-size': { type: 'string' },
  'sort-keys': { type: 'string' },
  'entry-dn': { type: 'string' },
  attribute: { type: 'string' },
  value: { type: 'string' },
  'value-length': { type: 'string' },
  'mod-type': { type: 'string' },
  template: { type: 'string' },
  pool: { type: 'string' },
  'new-rdn': { type: 'string' },
  'keep-old-rdn': { type: 'boolean' },
  'bind-dn-pattern': { type: 'string' },
  credentials: { type: 'string' },
  'credentials-pattern': { type: 'string' },
  'new-connection': { type: 'boolean' },
  'invalid-percent': { type: 'string' },
  sasl: { type: 'string' },
  'search-base': { type: 'string' },
  'search-scope': { type: 'string' },
  'search-filter': { type: 'string' },
  connections: { type: 'string' },
  depth: { type: 'string' },
  warmup: { type: 'string' },
  duration: { type: 'string' },
  workers: { type: 'string' },
  'no-delay': { type: 'string' },
  policy: { type: 'string' },
  rate: { type: 'string' },
  'rate-profile': { type: 'string' },
  run: { type: 'string', multiple: true },
  campaign: { type: 'string' },
  chart: { type: 'string' },
  metric: { type: 'string' },
  samples: { type: 'boolean' },
  reference: { type: 'string', multiple: true },
  cooldown: { type: 'string' },
  repeats: { type: 'string' },
  sizes: { type: 'string' },
  servers: { type: 'string' },
} as const;

async function dispatch(argv: string[]): Promise<number> {
  let parsed;
  try {
    const args = joinNegativeValues(argv, OPTIONS);
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new ApiError(
      'validation',
      `${(err as Error).message}; see "dirbench --help"`,
      'arguments',
    );
  }
  const options = parsed.values as RawOptions;
  const [command, ...rest] = parsed.positionals;
  if (options.version === true) {
    process.stdout.write(`${dirbenchVersion()}\n`);
    return 0;
  }
  if (options.help === true || command === undefined || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined && options.help !== true ? 2 : 0;
  }
  switch (command) {
    case 'serve':
      return serveCommand(options);
    case 'lab':
      return labCommand(rest, options);
    case 'run':
      return runCommand(options);
    case 'export':
      return exportCommand(options);
    case 'report':
      return reportCommand(options);
    case 'calibrate':
      return calibrateCommand(options);
    case 'runs':
      return runsCommand(rest, options);
    case 'import':
      return importCommand(rest, options);
    case 'targets':
      return targetsCommand(rest, options);
    case 'workloads':
      return workloadsCommand(rest, options);
    case 'generate':
      return generateCommand(options);
    case 'matrix':
      return matrixCommand(rest, options);
    default:
      throw new ApiError(
        'validation',
        `unknown command "${command}"; see "dirbench --help"`,
        'command',
      );
  }
}

/** Runs the CLI and returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (err) {
    if (err instanceof ApiError) {
      // Most messages already start with the field they are about.
      const prefix =
        err.field && !err.message.startsWith(err.field) ? `${optionForField(err.field)}: ` : '';
      process.stderr.write(`dirbench: ${prefix}${err.message}\n`);
      // An id the user typed that names nothing (--target ID) is bad input too.
      const badInput = err.kind === 'validation' || (err.kind === 'not-found' && !!err.field);
      return badInput ? 2 : 1;
    }
    // A database that fails after it opened (disk full, locked too long) is a situation, not a bug.
    if (isDatabaseFailure(err)) {
      process.stderr.write(`dirbench: ${databaseFailure(err, 'running the command').message}\n`);
      return 1;
    }
    process.stderr.write(
      `dirbench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
