// What `dirbench lab start|list|stop|destroy|install` do (their specs are in lab.ts).
import { invalid } from '../../shared/errors.ts';
import type { LabInfo, LabProgress } from '../../shared/labTypes.ts';
import { LIMITS } from '../../shared/validation.ts';
import { startLabAndWait } from '../../core/lab/labStart.ts';
import type { Core } from '../../core/app/core.ts';
import { withCliCore } from '../coreForCli.ts';
import { intOption, printJson, printJsonLine, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { progress } from '../progress.ts';
import {
  LAB_BUILD_OPTIONS,
  LAB_START_OPTIONS,
  labKind,
  loadOptions,
  replicasOption,
  shapeOption,
} from './labOptions.ts';

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

/** `lab start KIND`: the kind is checked before the database opens. */
export function labStartCommand(kind: string | undefined, options: RawOptions): Promise<number> {
  labKind(kind, 'kind');
  return withCliCore(options, (core) => start(core, kind, options));
}

/** `lab list`. */
export function labListCommand(options: RawOptions): Promise<number> {
  return withCliCore(options, (core) => list(core, options));
}

/** `lab stop ID` or `lab destroy ID`. */
export function labStopOrDestroyCommand(
  sub: 'stop' | 'destroy',
  id: string | undefined,
  options: RawOptions,
): Promise<number> {
  return withCliCore(options, (core) => stopOrDestroy(core, sub, id));
}

/** `lab install KIND`. */
export function labInstallCommand(kind: string | undefined, options: RawOptions): Promise<number> {
  return withCliCore(options, (core) => install(core, kind));
}
