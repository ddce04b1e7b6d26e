// `dirbench run`: one benchmark against a throwaway lab or an existing server, with a JSON summary.
import { invalid } from '../../shared/errors.ts';
import type { RunDetail, RunRequest } from '../../shared/types.ts';
import { LIMITS, validateTargetInput } from '../../shared/validation.ts';
import { startLabWithTarget } from '../../core/api/labHandlers.ts';
import type { Core } from '../../core/app/core.ts';
import { checkCaFile } from '../../core/ldap/caFile.ts';
import { checkClientCert } from '../../core/ldap/clientCert.ts';
import { readPasswordFile } from '../../core/secrets/secretFiles.ts';
import { checkEnvName, readPasswordEnv } from '../../core/secrets/targetSecrets.ts';
import { checkLoadConfirmed, loadGuardLimits } from '../../core/runs/loadGuard.ts';
import { openCliCore } from '../coreForCli.ts';
import { labKind, loadOptions, shapeOption } from './lab.ts';
import { runRequestFromOptions } from '../runRequestFromOptions.ts';
import { checkWorkloadEarly, inUserTerms, workloadFromOptions } from '../workloadFromOptions.ts';
import type { CliWorkload } from '../workloadFromOptions.ts';
import { repeatsJson, repeatsText } from '../repeatsOutput.ts';
import { runSummaryJson } from '../runSummaryJson.ts';
import { intOption, stringOption } from '../options.ts';
import { progressLine, summaryText } from '../runOutput.ts';
import type { RawOptions } from '../options.ts';

/** The password of --password-file or --password-env ('' when neither is given); never stored. */
function cliPassword(options: RawOptions): string {
  const file = options['password-file'];
  const env = options['password-env'];
  if (typeof file === 'string' && typeof env === 'string') {
    throw invalid('--password-env', 'give --password-file or --password-env, not both');
  }
  if (typeof file === 'string') return readPasswordFile(file, '--password-file');
  if (typeof env === 'string')
    return readPasswordEnv(checkEnvName(env, '--password-env'), '--password-env');
  return '';
}

/** The subtree an ad-hoc target's existing entries are sampled from: --target-base, else a literal --base. */
function targetBaseDn(options: RawOptions): string {
  if (typeof options['target-base'] === 'string') return options['target-base'];
  const base = stringOption(
    options,
    'base',
    'the base DN holding the entries to use, e.g. o=Salford,c=gb',
  );
  if (base.includes('[')) {
    throw invalid(
      '--target-base',
      `--base "${base}" is a pattern; give --target-base DN too: the subtree DirBench samples existing entries from, e.g. o=Salford,c=gb`,
    );
  }
  return base;
}

/** Resolves --lab / --target into a saved target id, and a password that is never stored. */
async function resolveTarget(
  core: Core,
  options: RawOptions,
): Promise<{ targetId: string; password?: string; created?: boolean }> {
  if (typeof options.lab === 'string') {
    const kind = labKind(options.lab, '--lab');
    const entries = intOption(options, 'entries', 10_000, 1, LIMITS.labEntries);
    const lab = await startLabWithTarget(core.labs, core.targets, {
      kind,
      ...(typeof options.index === 'string' ? { indexProfile: options.index } : {}),
      ...loadOptions(options),
      ...shapeOption(options),
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
    'an LDAP URL (with --base), a saved target id, or use --lab openldap',
  );
  if (target.includes('://') && !/^ldaps?:\/\//i.test(target)) {
    throw invalid(
      '--target',
      `"${target}" is not an LDAP URL: use ldap://host:port or ldaps://host:port`,
    );
  }
  if (!/^ldaps?:\/\//i.test(target)) return { targetId: core.targets.get(target).id };
  const input = {
    name: target,
    url: target,
    startTls: options['start-tls'] === true,
    bindDn: typeof options['bind-dn'] === 'string' ? options['bind-dn'] : '',
    baseDn: targetBaseDn(options),
    ...(typeof options['ca-file'] === 'string' ? { caFile: options['ca-file'] } : {}),
    ...(options['tls-no-verify'] === true ? { tlsVerify: false } : {}),
    ...(typeof options['client-cert'] === 'string'
      ? { clientCertFile: options['client-cert'] }
      : {}),
    ...(typeof options['client-key'] === 'string' ? { clientKeyFile: options['client-key'] } : {}),
  };
  validateTargetInput(input);
  checkCaFile(input.caFile, '--ca-file');
  checkClientCert(input.clientCertFile, input.clientKeyFile, {
    cert: '--client-cert',
    key: '--client-key',
  });
  const password = cliPassword(options);
  if (input.bindDn !== '' && password === '') {
    throw invalid(
      '--password-file',
      '--bind-dn needs --password-file FILE (a file holding the password) or --password-env NAME',
    );
  }
  // Ad-hoc targets are saved so history can name them; the password is only used for this run.
  const existing = core.targets.findByConnection(input.url, input.bindDn, input.baseDn);
  // A reused target takes this run's TLS settings, so the run records the ones it used.
  const saved = core.targets.save(
    existing ? { ...input, id: existing.id, name: existing.name } : input,
  );
  return { targetId: saved.id, password, created: existing === null };
}

/** Starts one run and waits for it, printing a progress line per second on stderr. */
async function runOnce(
  core: Core,
  request: RunRequest,
  password: string | undefined,
  label: string,
  source: CliWorkload,
): Promise<RunDetail> {
  checkLoadConfirmed(
    request,
    core.targets.get(request.targetId),
    loadGuardLimits(),
    'add --yes to send this load',
    '--yes',
  );
  const { runId, done } = await core.runService
    .start(request, {
      ...(password === undefined ? {} : { password }),
      ...(source.baseDir === undefined ? {} : { workloadBaseDir: source.baseDir }),
    })
    .catch((err: unknown) => {
      throw inUserTerms(err, source);
    });
  const totalS = request.warmupS + request.durationS + (request.cooldownS ?? 0);
  process.stderr.write(
    `Run ${runId}${label}: ${request.connections} connections x depth ${request.depth}, ${request.warmupS} s warm-up + ${request.durationS} s\n`,
  );
  const unsubscribe = core.subscribe((m) => {
    if (m.event === 'run/sample' && m.payload.runId === runId) {
      process.stderr.write(progressLine(m.payload.sample, totalS));
    }
  });
  try {
    return await done;
  } finally {
    unsubscribe();
  }
}

/** Runs one benchmark (or --repeats K of them); exit 0 when all completed, 1 otherwise. */
export async function runCommand(options: RawOptions): Promise<number> {
  const request = runRequestFromOptions(options);
  const source = workloadFromOptions(options);
  const repeats = intOption(options, 'repeats', 1, 1, LIMITS.repeats);
  const core = await openCliCore(options);
  try {
    // Before any lab starts or server is contacted: a workload mistake costs nothing.
    checkWorkloadEarly(core, { ...request, targetId: '' }, source);
    const { targetId, password, created } = await resolveTarget(core, options);
    const runs: RunDetail[] = [];
    for (let i = 0; i < repeats; i++) {
      const label = repeats > 1 ? ` (repeat ${i + 1}/${repeats})` : '';
      const run = await runOnce(core, { ...request, targetId }, password, label, source).catch(
        (err: unknown) => {
          // A typo in --target should not leave a target behind that never worked; if even that
          // cleanup fails (e.g. the disk is full), the original error is the one to report.
          if (created && runs.length === 0) {
            try {
              core.targets.delete(targetId);
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
      process.stdout.write(`${JSON.stringify(json)}\n`);
    } else {
      for (const run of runs) process.stdout.write(summaryText(run));
      if (repeats > 1) process.stdout.write(repeatsText(runs, repeats));
    }
    return runs.length === repeats && runs.every((r) => r.status === 'completed') ? 0 : 1;
  } finally {
    await core.shutdown('CLI run ended');
  }
}
