// `dirbench lab start|list|stop|destroy`: labs started here outlive the command until `lab stop`.
import { invalid } from '../../shared/errors.ts';
import type { LabInfo, LabKind, LabLoadMethod, LabShape, LabTlsMode } from '../../shared/types.ts';
import { LIMITS } from '../../shared/validation.ts';
import { startLabWithTarget } from '../../core/api/labHandlers.ts';
import type { Core } from '../../core/app/core.ts';
import { openCliCore } from '../coreForCli.ts';
import { intOption, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** Lab kinds the CLI names, in the order help lists them. */
export const LAB_KINDS: readonly LabKind[] = ['openldap', '389ds', 'opendj'];

/** The `lab` kind argument (or --lab value), checked; `field` names it in errors. */
export function labKind(value: string | undefined, field: string): LabKind {
  if (value !== undefined && (LAB_KINDS as readonly string[]).includes(value))
    return value as LabKind;
  throw invalid(field, `unknown lab kind "${value ?? ''}": use ${LAB_KINDS.join(', ')}`);
}

/** --shape salford|flat, as a lab start request field. */
export function shapeOption(options: RawOptions): { shape?: LabShape } {
  const shape = options.shape;
  if (shape === undefined) return {};
  if (shape !== 'salford' && shape !== 'flat') {
    throw invalid(
      '--shape',
      `--shape takes salford or flat (M-Vault's o=Test,c=BA); got "${String(shape)}"`,
    );
  }
  return { shape };
}

/** --tls starttls|ldaps, as a lab start request field. */
function tlsOption(options: RawOptions): { tls?: LabTlsMode } {
  const tls = options.tls;
  if (tls === undefined) return {};
  if (tls !== 'starttls' && tls !== 'ldaps') {
    throw invalid(
      '--tls',
      `--tls takes starttls or ldaps (the lab gets its own CA either way); got "${String(tls)}"`,
    );
  }
  return { tls };
}

/** --load offline|protocol, --load-connections N and --tls MODE, as lab start request fields. */
export function loadOptions(options: RawOptions): {
  load?: LabLoadMethod;
  loadConnections?: number;
  tls?: LabTlsMode;
} {
  const tls = tlsOption(options);
  const load = options.load;
  if (load === undefined) {
    if (options['load-connections'] !== undefined) {
      throw invalid('--load-connections', '--load-connections goes with --load protocol');
    }
    return tls;
  }
  if (load !== 'offline' && load !== 'protocol') {
    throw invalid(
      '--load',
      `--load takes offline (the server's bulk loader) or protocol (LDAP adds); got "${String(load)}"`,
    );
  }
  if (load === 'offline') return { load, ...tls };
  const connections = intOption(options, 'load-connections', 8, 1, 1024);
  return { load, loadConnections: connections, ...tls };
}

/** The documented `lab start --json` object. */
function labJson(lab: LabInfo) {
  return {
    id: lab.id,
    kind: lab.kind,
    state: lab.state,
    url: lab.url,
    baseDn: lab.baseDn,
    suffix: lab.suffix,
    bindDn: lab.bindDn,
    passwordFile: lab.passwordFile,
    entries: lab.entries,
    seed: lab.seed,
    shape: lab.shape,
    indexProfile: lab.indexProfile,
    indexes: lab.indexes,
    serverVersion: lab.serverVersion,
    generateS: lab.generateS,
    loadS: lab.loadS,
    loadMethod: lab.loadMethod,
    loadConnections: lab.loadConnections,
    verifiedEntries: lab.verifiedEntries,
    tls: lab.tls,
    startS: lab.startS,
    pid: lab.pid,
    targetId: lab.targetId,
    dataDir: lab.dataDir,
  };
}

async function start(
  core: Core,
  kindArg: string | undefined,
  options: RawOptions,
): Promise<number> {
  const kind = labKind(kindArg, 'kind');
  const entries = intOption(options, 'entries', 10_000, 1, LIMITS.labEntries);
  const seed = intOption(options, 'seed', 1, 0, 2 ** 31 - 1);
  const index = typeof options.index === 'string' ? options.index : undefined;
  const load = loadOptions(options);
  let lastStep = '';
  const noticesShown = new Set<string>();
  const unsubscribe = core.subscribe((m) => {
    if (m.event !== 'lab/progress') return;
    // One line per step on stderr, then in-place updates, so a 10M load shows it is moving.
    const p = m.payload;
    if (p.notice !== undefined && !noticesShown.has(p.notice)) {
      noticesShown.add(p.notice);
      process.stderr.write(`${lastStep === '' ? '' : '\n'}Note: ${p.notice}\n`);
      lastStep = '';
    }
    const line =
      p.total > 1 ? `${p.message} (${Math.floor((p.done / p.total) * 100)}%)` : p.message;
    process.stderr.write(
      p.step === lastStep ? `\r${line}\x1b[K` : `${lastStep === '' ? '' : '\n'}${line}`,
    );
    lastStep = p.step;
  });
  let lab: LabInfo;
  try {
    lab = await startLabWithTarget(core.labs, core.targets, {
      kind,
      entries,
      seed,
      persistent: true,
      ...(index === undefined ? {} : { indexProfile: index }),
      ...shapeOption(options),
      ...load,
    });
  } finally {
    unsubscribe();
    if (lastStep !== '') process.stderr.write('\n');
  }
  if (options.json === true) process.stdout.write(`${JSON.stringify(labJson(lab))}\n`);
  else {
    process.stdout.write(
      `Lab ${lab.id}: ${lab.serverVersion ?? lab.kind} at ${lab.url}, ${lab.entries.toLocaleString('en-US')} entries under ${lab.baseDn}\n` +
        `  index profile ${lab.indexProfile} (${lab.indexes.join('; ')})\n` +
        `  generated in ${lab.generateS?.toFixed(1) ?? '?'} s, ${lab.loadMethod === 'protocol' ? `added over LDAP (${lab.loadConnections} connections)` : 'bulk loaded'} in ${lab.loadS?.toFixed(1) ?? '?'} s (${Math.round(lab.entries / Math.max(lab.loadS ?? 0, 0.001)).toLocaleString('en-US')} entries/s), started in ${lab.startS?.toFixed(1) ?? '?'} s\n` +
        `  bind as ${lab.bindDn} with the password in ${lab.passwordFile}\n` +
        `Target id: ${lab.targetId}. Stop it with: dirbench lab stop ${lab.id}\n`,
    );
  }
  return 0;
}

/** Dispatches the lab sub-commands. */
export async function labCommand(args: string[], options: RawOptions): Promise<number> {
  const [sub, arg] = args;
  if (sub === 'start') labKind(arg, 'kind');
  const core = await openCliCore(options);
  try {
    if (sub === 'start') return await start(core, arg, options);
    if (sub === 'install') {
      const kind = labKind(arg, 'kind');
      process.stderr.write(`Fetching what ${kind} labs need...\n`);
      const availability = await core.labs.install(kind);
      process.stdout.write(
        `${kind}: ${availability.available ? 'ready' : 'still missing'}: ${availability.detail}\n`,
      );
      return availability.available ? 0 : 1;
    }
    if (sub === 'stop' || sub === 'destroy') {
      if (!arg)
        throw invalid('id', `which lab? use "dirbench lab ${sub} ID" (see "dirbench lab list")`);
      if (sub === 'stop') await core.labs.stop(arg);
      else await core.labs.destroy(arg);
      core.targets.deleteForLab(arg);
      process.stdout.write(
        `Lab ${arg} ${sub === 'stop' ? 'stopped' : 'destroyed (its files are deleted)'}.\n`,
      );
      return 0;
    }
    if (sub === 'list') {
      const labs = core.labs.list();
      if (options.json === true)
        process.stdout.write(`${JSON.stringify(labs.map(labJson), null, 2)}\n`);
      else if (labs.length === 0)
        process.stdout.write(
          'No labs. Start one with: dirbench lab start openldap --entries 10000\n',
        );
      else
        printTable(
          ['ID', 'KIND', 'STATE', 'ENTRIES', 'INDEX', 'VERSION', 'URL', 'LOAD S', 'CREATED'],
          labs.map((l) => [
            l.id,
            l.kind,
            l.state,
            l.entries,
            l.indexProfile,
            l.serverVersion ?? '-',
            l.url,
            l.loadS ?? '-',
            l.createdAt,
          ]),
        );
      return 0;
    }
    throw invalid(
      'command',
      `unknown lab command "${sub ?? ''}": use lab start|list|stop|destroy|install`,
    );
  } finally {
    await core.shutdown('CLI command ended');
  }
}
