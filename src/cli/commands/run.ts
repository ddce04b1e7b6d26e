// `dirbench run`: one benchmark against a throwaway lab or an existing server, with a JSON summary.
import { readFileSync } from 'node:fs';
import { invalid } from '../../shared/errors.ts';
import type { RunDetail, RunRequest } from '../../shared/types.ts';
import { LIMITS, validateTargetInput } from '../../shared/validation.ts';
import { startLabWithTarget } from '../../core/api/labHandlers.ts';
import type { Core } from '../../core/app/core.ts';
import { openCliCore } from '../coreForCli.ts';
import { intOption, ms, stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';

function readPasswordFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '');
  } catch (err) {
    throw invalid(
      '--password-file',
      `cannot read --password-file ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
}

/** Resolves --lab / --target into a saved target id, and a password that is never stored. */
async function resolveTarget(
  core: Core,
  options: RawOptions,
): Promise<{ targetId: string; password?: string; created?: boolean }> {
  if (typeof options.lab === 'string') {
    if (options.lab !== 'openldap')
      throw invalid('--lab', `unknown lab kind "${options.lab}": use --lab openldap`);
    const entries = intOption(options, 'entries', 10_000, 1, LIMITS.labEntries);
    const lab = await startLabWithTarget(core.labs, core.targets, {
      kind: 'openldap',
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
    baseDn: stringOption(
      options,
      'base',
      'the base DN holding the entries to read, e.g. o=Salford,c=gb',
    ),
  };
  validateTargetInput(input);
  const password =
    typeof options['password-file'] === 'string' ? readPasswordFile(options['password-file']) : '';
  if (input.bindDn !== '' && password === '') {
    throw invalid(
      '--password-file',
      '--bind-dn needs --password-file FILE (a file holding the password)',
    );
  }
  // Ad-hoc targets are saved so history can name them; the password is only used for this run.
  const existing = core.targets.findByConnection(input.url, input.bindDn, input.baseDn);
  const saved = existing ?? core.targets.save(input);
  return { targetId: saved.id, password, created: existing === null };
}

function summaryJson(run: RunDetail, dbFile: string | undefined) {
  const s = run.summary;
  return {
    runId: run.id,
    status: run.status,
    endReason: run.endReason,
    workload: run.config.workload,
    opsPerSec: s ? Math.round(s.opsPerSec * 10) / 10 : 0,
    ops: s?.ops ?? 0,
    errors: s?.errors ?? 0,
    errorsByCode: s?.errorsByCode ?? {},
    entriesPerOp: s?.entriesPerOp ?? 0,
    latencyUs: s?.latencyUs ?? null,
    durationS: s?.measuredS ?? 0,
    warmupS: run.config.warmupS,
    entries: run.config.entries,
    connections: run.config.connections,
    depth: run.config.depth,
    workers: run.config.workers,
    target: {
      name: run.config.targetName,
      url: run.config.url,
      vendorName: run.environment.rootDse?.vendorName ?? null,
      vendorVersion: run.environment.rootDse?.vendorVersion ?? null,
    },
    samples: run.samples.filter((x) => x.phase === 'measured').length,
    db: dbFile,
  };
}

/** Runs one benchmark; exit 0 when it completed, 1 when it failed or was stopped. */
export async function runCommand(options: RawOptions): Promise<number> {
  const request: Omit<RunRequest, 'targetId'> = {
    workload: (typeof options.workload === 'string'
      ? options.workload
      : 'read-random') as RunRequest['workload'],
    connections: intOption(options, 'connections', 8, 1, LIMITS.connections),
    depth: intOption(options, 'depth', 1, 1, LIMITS.depth),
    warmupS: intOption(options, 'warmup', 2, 0, LIMITS.warmupS),
    durationS: intOption(options, 'duration', 10, 1, LIMITS.durationS),
    tcpNoDelay: options['no-nodelay'] !== true,
    seed: intOption(options, 'seed', 1, 0, 2 ** 31 - 1),
  };
  if (options.workers !== undefined)
    request.workers = intOption(options, 'workers', 1, 1, LIMITS.workers);
  if (request.workload !== 'read-random') {
    throw invalid('--workload', `unknown workload "${request.workload}": available is read-random`);
  }
  const core = await openCliCore(options);
  try {
    const { targetId, password, created } = await resolveTarget(core, options);
    const started = await core.runService
      .start({ ...request, targetId }, password === undefined ? {} : { password })
      .catch((err: unknown) => {
        // A typo in --target should not leave a target behind that never worked.
        if (created) core.targets.delete(targetId);
        throw err;
      });
    const { runId, done } = started;
    const totalS = request.warmupS + request.durationS;
    process.stderr.write(
      `Run ${runId}: ${request.connections} connections x depth ${request.depth}, ${request.warmupS} s warm-up + ${request.durationS} s\n`,
    );
    const unsubscribe = core.subscribe((m) => {
      if (m.event !== 'run/sample' || m.payload.runId !== runId) return;
      const x = m.payload.sample;
      process.stderr.write(
        `[${String(x.second + 1).padStart(4)}/${totalS}s] ${x.phase.padEnd(8)} ${Math.round(
          (x.ops * 1000) / x.intervalMs,
        )
          .toLocaleString('en-US')
          .padStart(
            9,
          )} ops/s  p50 ${ms(x.latencyUs.p50)} ms  p99 ${ms(x.latencyUs.p99)} ms  errors ${x.errors}\n`,
      );
    });
    const run = await done;
    unsubscribe();
    if (options.json === true) {
      process.stdout.write(`${JSON.stringify(summaryJson(run, core.db.name))}\n`);
    } else {
      const s = run.summary;
      process.stdout.write(
        `Run ${run.id} ${run.status}${run.endReason ? ` (${run.endReason})` : ''}\n` +
          (s
            ? `  ${s.opsPerSec.toFixed(1)} ops/s over ${s.measuredS} s, ${s.errors} errors, ${s.entriesPerOp.toFixed(2)} entries/op\n` +
              `  latency ms: mean ${ms(s.latencyUs.mean)} p50 ${ms(s.latencyUs.p50)} p90 ${ms(s.latencyUs.p90)} p99 ${ms(s.latencyUs.p99)} p99.9 ${ms(s.latencyUs.p999)} max ${ms(s.latencyUs.max)}\n`
            : ''),
      );
    }
    return run.status === 'completed' ? 0 : 1;
  } finally {
    await core.shutdown('CLI run ended');
  }
}
