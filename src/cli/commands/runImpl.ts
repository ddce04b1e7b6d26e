// What `dirbench run` does: one benchmark against a throwaway lab or an existing server (its spec is
// in run.ts).
import { ApiError, invalid } from '../../shared/errors.ts';
import type { TargetInput } from '../../shared/targetTypes.ts';
import type { RunDetail } from '../../shared/types.ts';
import { checkDn, LIMITS, validateTargetInput } from '../../shared/validation.ts';
import { startLabAndWait } from '../../core/lab/labStart.ts';
import type { Core } from '../../core/app/core.ts';
import { checkCaFile } from '../../core/ldap/caFile.ts';
import { checkClientCert } from '../../core/ldap/clientCert.ts';
import type { ResolvedWorkload } from '../../core/runs/resolveWorkload.ts';
import { targetConnection } from '../../core/ldap/targetConnection.ts';
import { testConnection } from '../../core/ldap/testConnection.ts';
import { firstNamingContext, workloadDnSuffix } from '../../core/workload/targetBase.ts';
import { runThresholds } from '../../core/runs/runThresholds.ts';
import { runSuite } from '../../core/report/junitCases.ts';
import { agentsRequestFromOptions, checkAgentsEarly } from '../agentRunOptions.ts';
import { localWorkerCount, withCliCore } from '../coreForCli.ts';
import { runOnce } from '../runOnce.ts';
import {
  breachLines,
  writeFailureLines,
  junitOption,
  thresholdsInUserTerms,
  writeJunit,
} from '../gates.ts';
import {
  LAB_BUILD_OPTIONS,
  labKind,
  loadOptions,
  replicasOption,
  shapeOption,
} from './labOptions.ts';
import { runRequestFromOptions } from '../runRequestFromOptions.ts';
import { RUN_AND_MATRIX_OPTIONS } from '../runOptions.ts';
import { adhocOptionOf, checkWorkloadEarly, workloadFromOptions } from '../workloadFromOptions.ts';
import type { CliWorkload } from '../workloadFromOptions.ts';
import { repeatsJson, repeatsText } from '../repeatsOutput.ts';
import { runSummaryJson } from '../runSummaryJson.ts';
import { intOption, printJsonLine, stringOption } from '../options.ts';
import { summaryText } from '../runOutput.ts';
import { replicationOption } from '../replicationOptions.ts';
import type { RawOptions } from '../options.ts';
import { EXIT_BREACHED } from '../commandSpec.ts';
import { bindMechanismOption, cliPassword } from '../targetOptions.ts';
import { serverSetModeOf, targetsOf } from '../serverSetOptions.ts';
import { cliMetrics } from './metricsOptions.ts';

/** The base DN messages suggest; also the stand-in while a target's other fields are checked. */
const BASE_EXAMPLE = 'ou=People,dc=example,dc=com';

/**
 * The base DN of an ad-hoc target: --target-base, else a literal --base. A workload that reads
 * existing entries needs one of them (its entries are sampled from that subtree); any other names
 * its own DNs, so the target gets the literal suffix of its DN patterns, else the server's first
 * naming context (`namingContext` asks the server), and the choice is printed.
 */
async function targetBaseDn(
  options: RawOptions,
  workload: ResolvedWorkload,
  source: CliWorkload,
  namingContext: () => Promise<string | null>,
): Promise<string> {
  const targetBase = options['target-base'];
  if (typeof targetBase === 'string') {
    checkDn(targetBase, '--target-base', false);
    return targetBase;
  }
  const base = typeof options.base === 'string' ? options.base : undefined;
  if (base !== undefined && base.trim() !== '' && !base.includes('[')) {
    checkDn(base, '--base', false);
    return base;
  }
  if (workload.readsEntries) throw samplingNeedsBase(options, workload, source);
  const suffix = workloadDnSuffix(workload.spec);
  if (suffix !== null) {
    process.stderr.write(
      `Target base DN ${suffix.baseDn}, from the workload's DNs (${suffix.patterns.join(', ')}); nothing is sampled from it (--target-base sets another)\n`,
    );
    return suffix.baseDn;
  }
  const context = await namingContext();
  if (context === null) {
    throw invalid(
      '--target-base',
      `the workload's DN patterns name whole DNs and the server's root DSE lists no naming context: give --target-base DN, the target's base DN, e.g. ${BASE_EXAMPLE}`,
    );
  }
  process.stderr.write(
    `Target base DN ${context}, the server's first naming context (the workload's DN patterns name whole DNs); nothing is sampled from it (--target-base sets another)\n`,
  );
  return context;
}

/** The error for a workload that samples existing entries from a target that has no base DN: it names the option to add. */
function samplingNeedsBase(
  options: RawOptions,
  workload: ResolvedWorkload,
  source: CliWorkload,
): Error {
  const field = workload.entryField ?? 'operations';
  if (source.adhoc) {
    // With --op, --base is the search base: the subtree to sample is --target-base.
    const option = adhocOptionOf(field, workload.spec);
    const value = option === undefined ? undefined : options[option.slice(2)];
    const what =
      option === undefined || typeof value !== 'string'
        ? `--op ${workload.spec.operations[0]?.operation.kind ?? ''}`
        : `${option} "${value}"`;
    return invalid(
      '--target-base',
      `${what} reads existing entries ([entry:...]): add --target-base DN, the subtree DirBench samples them from, e.g. --target-base ${BASE_EXAMPLE}`,
    );
  }
  const option = typeof options.base === 'string' ? '--target-base' : '--base';
  return invalid(
    option,
    `workload ${workload.spec.id} reads existing entries ([entry:...] in ${field}): add ${option} DN, the subtree DirBench samples them from, e.g. ${option} ${BASE_EXAMPLE}`,
  );
}

/** The first naming context in the root DSE of the server `input` connects to, binding as it says. */
async function serverNamingContext(
  input: Omit<TargetInput, 'baseDn'>,
  password: string,
): Promise<string | null> {
  const probe = await testConnection(
    targetConnection(
      {
        url: input.url,
        startTls: input.startTls ?? false,
        bindDn: input.bindDn,
        ...(input.bindMechanism === undefined ? {} : { bindMechanism: input.bindMechanism }),
        caFile: input.caFile ?? null,
        tlsVerify: input.tlsVerify ?? true,
        clientCertFile: input.clientCertFile ?? null,
        clientKeyFile: input.clientKeyFile ?? null,
      },
      password,
      true,
    ),
  );
  if (!probe.ok) {
    throw new ApiError(
      'unavailable',
      `cannot reach ${input.url} to read its naming context: ${probe.error.message}`,
      '--target',
    );
  }
  return firstNamingContext(probe.rootDse);
}

/** Resolves --lab / --target into a saved target id, and a password that is never stored. */
async function resolveTarget(
  core: Core,
  options: RawOptions,
  workload: ResolvedWorkload,
  source: CliWorkload,
): Promise<{ targetId: string; password?: string; created?: boolean }> {
  if (typeof options.lab === 'string') {
    const kind = labKind(options.lab, '--lab');
    const entries = intOption(
      options,
      'entries',
      LAB_BUILD_OPTIONS.entries.default,
      1,
      LIMITS.labEntries,
    );
    const lab = await startLabAndWait(core, {
      kind,
      ...(typeof options.index === 'string' ? { indexProfile: options.index } : {}),
      ...loadOptions(options),
      ...shapeOption(options),
      ...replicasOption(options),
      entries,
      persistent: false,
    });
    process.stderr.write(
      `Lab ${lab.id} ready at ${lab.url} with ${entries} entries (load ${lab.loadS?.toFixed(1)} s)\n`,
    );
    return { targetId: lab.targetId as string };
  }
  const target = stringOption(
    options,
    'target',
    'an LDAP URL (with --base), a saved target id, a running lab id, or use --lab openldap',
  );
  if (target.includes('://') && !/^ldaps?:\/\//i.test(target)) {
    throw invalid(
      '--target',
      `"${target}" is not an LDAP URL: use ldap://host:port or ldaps://host:port`,
    );
  }
  if (!/^ldaps?:\/\//i.test(target)) return { targetId: core.targets.named(target).id };
  const connection = {
    name: target,
    url: target,
    startTls: options['start-tls'] === true,
    bindDn: typeof options['bind-dn'] === 'string' ? options['bind-dn'] : '',
    ...bindMechanismOption(options),
    ...(typeof options['ca-file'] === 'string' ? { caFile: options['ca-file'] } : {}),
    ...(options['tls-no-verify'] === true ? { tlsVerify: false } : {}),
    ...(typeof options['client-cert'] === 'string'
      ? { clientCertFile: options['client-cert'] }
      : {}),
    ...(typeof options['client-key'] === 'string' ? { clientKeyFile: options['client-key'] } : {}),
  };
  // Every field but the base DN is checked before anything connects (the server may name the base).
  validateTargetInput({ ...connection, baseDn: BASE_EXAMPLE });
  checkCaFile(connection.caFile, '--ca-file');
  checkClientCert(connection.clientCertFile, connection.clientKeyFile, {
    cert: '--client-cert',
    key: '--client-key',
  });
  const password = cliPassword(options);
  if (connection.bindDn !== '' && password === '') {
    throw invalid(
      '--password-file',
      '--bind-dn needs --password-file FILE (a file holding the password) or --password-env NAME',
    );
  }
  const input = {
    ...connection,
    baseDn: await targetBaseDn(options, workload, source, () =>
      serverNamingContext(connection, password),
    ),
  };
  validateTargetInput(input);
  // Ad-hoc targets are saved so history can name them; the password is only used for this run.
  const existing = core.targets.findByConnection(input.url, input.bindDn, input.baseDn);
  // A reused target takes this run's TLS settings, so the run records the ones it used.
  const saved = core.targets.save(
    existing ? { ...input, id: existing.id, name: existing.name } : input,
  );
  return { targetId: saved.id, password, created: existing === null };
}

/** Runs one benchmark (or --repeats K of them); exit 0 when all completed, 1 when one did not, 3 when one breached a threshold. */
export async function runCommand(options: RawOptions): Promise<number> {
  const agents = agentsRequestFromOptions(options);
  const serverSetMode = serverSetModeOf(options);
  const request = {
    ...runRequestFromOptions(options),
    ...(agents === undefined ? {} : { agents }),
    ...(serverSetMode === undefined ? {} : { serverSetMode }),
    ...replicationOption(options),
  };
  const source = workloadFromOptions(options);
  const repeats = intOption(
    options,
    'repeats',
    RUN_AND_MATRIX_OPTIONS.repeats.default,
    1,
    LIMITS.repeats,
  );
  const junitFile = junitOption(options);
  const metrics = cliMetrics(options);
  return withCliCore(
    options,
    async (core) => {
      try {
        await metrics.listen(core.subscribe);
        // Before any lab starts or server is contacted: a workload mistake costs nothing.
        const workload = checkWorkloadEarly(core, { ...request, targetId: '' }, source);
        thresholdsInUserTerms(() => runThresholds(workload.spec, request));
        if (request.agents !== undefined) await checkAgentsEarly(core, request.agents);
        const [first, ...more] = targetsOf(options);
        const resolve = (target: string | undefined) =>
          resolveTarget(core, { ...options, target }, workload, source);
        const { targetId, password, created } = await resolve(first);
        // Further --target servers: connections are spread over all of them (each saved like the first).
        const others: Awaited<ReturnType<typeof resolve>>[] = [];
        for (const target of more) others.push(await resolve(target));
        if (others.length > 0)
          Object.assign(request, { moreTargetIds: others.map((o) => o.targetId) });
        const runs: RunDetail[] = [];
        for (let i = 0; i < repeats; i++) {
          const label = repeats > 1 ? ` (repeat ${i + 1}/${repeats})` : '';
          const run = await runOnce(core, { ...request, targetId }, password, label, source).catch(
            (err: unknown) => {
              // A typo in --target should not leave a target behind that never worked; if even that
              // cleanup fails (e.g. the disk is full), the original error is the one to report.
              const made = [{ targetId, created }, ...others].filter((t) => t.created === true);
              for (const target of runs.length === 0 ? made : []) {
                try {
                  core.targets.delete(target.targetId);
                } catch {
                  // Reported below: err.
                }
              }
              throw err;
            },
          );
          runs.push(run);
          if (run.status !== 'completed') break;
        }
        const dbFile = core.db.name;
        if (options.json === true) {
          const json =
            repeats === 1
              ? runSummaryJson(runs[0] as RunDetail, dbFile)
              : repeatsJson(runs, repeats, dbFile);
          printJsonLine(json);
        } else {
          for (const run of runs) process.stdout.write(summaryText(run));
          if (repeats > 1) process.stdout.write(repeatsText(runs, repeats));
        }
        if (junitFile !== null) writeJunit(junitFile, [runSuite(runs)]);
        writeFailureLines(runs);
        // A run that did not complete is the worse news: it exits 1 even when another breached.
        if (runs.length < repeats || runs.some((r) => r.status !== 'completed')) return 1;
        const breached = breachLines(runs);
        for (const line of breached) process.stderr.write(`dirbench: ${line}\n`);
        return breached.length > 0 ? EXIT_BREACHED : 0;
      } finally {
        await metrics.close();
      }
    },
    'CLI run ended',
    // Load agents run the workers of a run on agents; a local run's start loading now.
    request.agents === undefined ? localWorkerCount(request) : 0,
  );
}
