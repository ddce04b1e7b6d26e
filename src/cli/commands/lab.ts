// `dirbench lab start|list|stop|destroy`: labs started here outlive the command until `lab stop`.
import { invalid } from '../../shared/errors.ts';
import type { ApiRequest } from '../../shared/api.ts';
import type { LabInfo, LabKind, LabProgress } from '../../shared/labTypes.ts';
import { isLabKind, labKindsWhere, LAB_KIND_LIST, LAB_KINDS } from '../../shared/labKinds.ts';
import { LAB_SHAPES } from '../../shared/labTypes.ts';
import { LIMITS } from '../../shared/validation.ts';
import { startLabAndWait } from '../../core/lab/labStart.ts';
import { isShapeName } from '../../core/datagen/shapes.ts';
import { MAX_REPLICAS } from '../../core/lab/replicas/support.ts';
import type { Core } from '../../core/app/core.ts';
import type { CommandFamily, CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { withCliCore } from '../coreForCli.ts';
import { intOption, printJson, printJsonLine, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { plainCommand } from '../plainCommand.ts';
import { progress } from '../progress.ts';

/** The lab/start request the lab options fill in. */
type LabStartFields = ApiRequest<'lab/start'>;

/** How a lab is built: `lab start` and `run --lab` take these. */
export const LAB_BUILD_OPTIONS = {
  entries: {
    type: 'string',
    value: 'N',
    description: 'persons in the generated directory',
    default: 10_000,
  },
  shape: {
    type: 'string',
    value: 'salford|flat',
    description:
      "the directory's shape: Salford's c=gb/o=Salford tree or M-Vault's flat o=Test,c=BA",
    default: 'salford',
  },
  index: {
    type: 'string',
    value: 'PROFILE',
    description:
      'salford-indexed (the default), salford-unindexed, none, another name in data/index-profiles.json, or a list like cn:eq,sub;uid:eq',
  },
  load: {
    type: 'string',
    value: 'offline|protocol',
    description: "the server's bulk loader (the default) or LDAP adds, timed either way",
  },
  'load-connections': {
    type: 'string',
    value: 'N',
    description: 'connections of --load protocol',
    default: 8,
  },
  tls: {
    type: 'string',
    value: 'starttls|ldaps',
    description: 'the lab gets its own CA and its target verifies the server against it',
  },
  replicas: {
    type: 'string',
    value: 'N',
    description: `consumers replicating from the lab (${labKindsWhere((row) => row.capabilities.replicas).join(', ')}), each its own server; runs report their lag`,
    default: 0,
  },
} as const satisfies OptionTable;

/** What only `lab start` takes besides the build options. */
const LAB_START_OPTIONS = {
  seed: {
    type: 'string',
    value: 'S',
    description: 'seed of the generated directory (the same seed gives the same entries)',
    default: 1,
  },
} as const satisfies OptionTable;

/** The `lab` kind argument (or --lab value), checked; `field` names it in errors. */
export function labKind(value: string | undefined, field: string): LabKind {
  if (isLabKind(value)) return value;
  throw invalid(field, `unknown lab kind "${value ?? ''}": use ${LAB_KIND_LIST.join(', ')}`);
}

/** --shape NAME (a built-in directory shape), as a lab start request field. */
export function shapeOption(options: RawOptions): Pick<LabStartFields, 'shape'> {
  const shape = options.shape;
  if (shape === undefined) return {};
  if (!isShapeName(shape)) {
    throw invalid('--shape', `--shape takes ${LAB_SHAPES.join(' or ')}; got "${String(shape)}"`);
  }
  return { shape };
}

/** --tls starttls|ldaps, as a lab start request field. */
function tlsOption(options: RawOptions): Pick<LabStartFields, 'tls'> {
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

/** --replicas N, as a lab start request field (absent when 0). */
export function replicasOption(options: RawOptions): Pick<LabStartFields, 'replicas'> {
  const replicas = intOption(options, 'replicas', 0, 0, MAX_REPLICAS);
  return replicas === 0 ? {} : { replicas };
}

/** --load offline|protocol, --load-connections N and --tls MODE, as lab start request fields. */
export function loadOptions(
  options: RawOptions,
): Pick<LabStartFields, 'load' | 'loadConnections' | 'tls'> {
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
  const connections = intOption(
    options,
    'load-connections',
    LAB_BUILD_OPTIONS['load-connections'].default,
    1,
    1024,
  );
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
    replicas: (lab.replicas ?? []).map((r) => ({ url: r.url, pid: r.pid, dataDir: r.dataDir })),
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
  const entries = intOption(
    options,
    'entries',
    LAB_BUILD_OPTIONS.entries.default,
    1,
    LIMITS.labEntries,
  );
  const seed = intOption(options, 'seed', LAB_START_OPTIONS.seed.default, 0, 2 ** 31 - 1);
  const index = typeof options.index === 'string' ? options.index : undefined;
  const load = loadOptions(options);
  const shown = progress({ inPlace: true });
  const noticesShown = new Set<string>();
  const onProgress = (p: LabProgress): void => {
    if (p.notice !== undefined && !noticesShown.has(p.notice)) {
      noticesShown.add(p.notice);
      shown.say(`Note: ${p.notice}`);
    }
    const line =
      p.total > 1 ? `${p.message} (${Math.floor((p.done / p.total) * 100)}%)` : p.message;
    shown.show(p.step, line);
  };
  let lab: LabInfo;
  try {
    // The lab/start rules and events, waited on until the lab is ready; a failure throws its ApiError.
    lab = await startLabAndWait(
      core,
      {
        kind,
        entries,
        seed,
        persistent: true,
        ...(index === undefined ? {} : { indexProfile: index }),
        ...shapeOption(options),
        ...replicasOption(options),
        ...load,
      },
      { onProgress },
    );
  } finally {
    shown.end();
  }
  if (options.json === true) printJsonLine(labJson(lab));
  else {
    process.stdout.write(
      `Lab ${lab.id}: ${lab.serverVersion ?? lab.kind} at ${lab.url}, ${lab.entries.toLocaleString('en-US')} entries under ${lab.baseDn}\n` +
        `  index profile ${lab.indexProfile} (${lab.indexes.join('; ')})\n` +
        `  generated in ${lab.generateS?.toFixed(1) ?? '?'} s, ${lab.loadMethod === 'protocol' ? `added over LDAP (${lab.loadConnections} connections)` : 'bulk loaded'} in ${lab.loadS?.toFixed(1) ?? '?'} s (${Math.round(lab.entries / Math.max(lab.loadS ?? 0, 0.001)).toLocaleString('en-US')} entries/s), started in ${lab.startS?.toFixed(1) ?? '?'} s\n` +
        replicaLines(lab) +
        `  bind as ${lab.bindDn} with the password in ${lab.passwordFile}\n` +
        `Target id: ${lab.targetId}. Stop it with: dirbench lab stop ${lab.id}\n`,
    );
  }
  return 0;
}

/** One line per replica of a lab, for the text output. */
function replicaLines(lab: LabInfo): string {
  return (lab.replicas ?? [])
    .map((r, i) => `  replica ${i + 1} at ${r.url} (PID ${r.pid ?? '-'}), verified equal\n`)
    .join('');
}

async function install(core: Core, kindArg: string | undefined): Promise<number> {
  const kind = labKind(kindArg, 'kind');
  process.stderr.write(`Fetching what ${kind} labs need...\n`);
  const availability = await core.labs.install(kind);
  process.stdout.write(
    `${kind}: ${availability.available ? 'ready' : 'still missing'}: ${availability.detail}\n`,
  );
  return availability.available ? 0 : 1;
}

/** `lab stop ID` and `lab destroy ID` (which also deletes the lab's files). */
async function stopOrDestroy(
  core: Core,
  sub: 'stop' | 'destroy',
  id: string | undefined,
): Promise<number> {
  if (!id) throw invalid('id', `which lab? use "dirbench lab ${sub} ID" (see "dirbench lab list")`);
  // The API's own handlers, so what goes with a lab (its target) is decided in one place.
  if (sub === 'stop') await core.call('lab/stop', { id });
  else await core.call('lab/destroy', { id });
  process.stdout.write(
    `Lab ${id} ${sub === 'stop' ? 'stopped' : 'destroyed (its files are deleted)'}.\n`,
  );
  return 0;
}

function list(core: Core, options: RawOptions): number {
  const labs = core.labs.list();
  if (options.json === true) printJson(labs.map(labJson));
  else if (labs.length === 0)
    process.stdout.write('No labs. Start one with: dirbench lab start openldap --entries 10000\n');
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

const KINDS = LAB_KIND_LIST.join('|');

const labStart: CommandSpec = {
  name: 'lab start',
  summary: 'a local lab server with a generated directory, kept until lab stop; prints its id',
  usage: [
    `dirbench lab start ${KINDS} --entries N [--seed S] [--shape salford|flat] [--index PROFILE]`,
    '                   [--load offline|protocol] [--load-connections N] [--tls starttls|ldaps]',
    '                   [--replicas N] [--json]',
  ],
  args: ['KIND'],
  about: [
    "Generates the directory, loads it (timed) with the server's bulk loader or over LDAP, starts the",
    'server on a free loopback port and verifies the entry count; the lab is also a saved target.',
  ],
  groups: [
    { title: 'Directory and server', options: { ...LAB_BUILD_OPTIONS, ...LAB_START_OPTIONS } },
    commonGroup(
      'the lab (id, kind, url, baseDn, bindDn, passwordFile, entries, serverVersion, generateS, loadS, ...)',
    ),
  ],
  examples: [
    { what: 'OpenLDAP with 10,000 entries', line: 'dirbench lab start openldap --entries 10000' },
    {
      what: "389 DS with M-Vault's flat directory and its indexes, loaded over LDAP on 8 connections, as JSON",
      line: 'dirbench lab start 389ds --entries 100000 --shape flat --index mvault --load protocol --load-connections 8 --json',
    },
    {
      what: 'OpenLDAP with one syncrepl consumer, each its own slapd; prints both URLs and PIDs',
      line: 'dirbench lab start openldap --entries 10000 --replicas 1 --json',
    },
    {
      what: 'OpenLDAP serving ldaps:// with a CA of its own',
      line: 'dirbench lab start openldap --entries 10000 --tls ldaps',
    },
  ],
  run: ([kind], options) => {
    labKind(kind, 'kind');
    return withCliCore(options, (core) => start(core, kind, options));
  },
};

const labList = plainCommand('lab list', {
  summary: 'the labs and their state',
  json: 'the labs, as lab start --json prints each',
  examples: [{ what: 'the labs', line: 'dirbench lab list' }],
  run: (_args, options) => withCliCore(options, (core) => list(core, options)),
});

/** `lab stop ID` or `lab destroy ID`: one handler, and an example of `what` it is for. */
function stopOrDestroyCommand(sub: 'stop' | 'destroy', summary: string, what: string): CommandSpec {
  return plainCommand(`lab ${sub} ID`, {
    summary,
    examples: [{ what, line: `dirbench lab ${sub} LAB-ID` }],
    run: ([id], options) => withCliCore(options, (core) => stopOrDestroy(core, sub, id)),
  });
}

/** "opendj: the OpenDJ 4.9 server zip from Maven Central": what `lab install` fetches, by kind. */
function downloads(): string {
  return LAB_KIND_LIST.flatMap((kind) => {
    const install = LAB_KINDS[kind].install;
    return install.from === 'download' ? [`${kind}: ${install.fetches}`] : [];
  }).join('; ');
}

const labInstall: CommandSpec = {
  name: 'lab install',
  summary: `fetches what a lab kind needs (${downloads()})`,
  usage: [`dirbench lab install ${KINDS}`],
  args: ['KIND'],
  groups: [commonGroup()],
  examples: [
    {
      what: 'fetch the OpenDJ 4.9 server zip once, before the first opendj lab',
      line: 'dirbench lab install opendj',
    },
  ],
  run: ([kind], options) => withCliCore(options, (core) => install(core, kind)),
};

/** `dirbench lab start|list|stop|destroy|install`. */
export const labFamily: CommandFamily = {
  name: 'lab',
  summary: `local lab servers (${LAB_KIND_LIST.map((kind) => LAB_KINDS[kind].family.name).join(', ')}) with a generated directory`,
  subcommands: [
    labStart,
    labList,
    stopOrDestroyCommand('stop', 'stops a lab (its files are kept)', 'stop a lab'),
    stopOrDestroyCommand('destroy', 'stops a lab and deletes its files', 'remove a lab for good'),
    labInstall,
  ],
};
