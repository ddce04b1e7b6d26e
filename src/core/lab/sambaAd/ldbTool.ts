// Runs the Python helper (ldbScript.ts) on a stopped lab domain under the watchdog, and provisions
// the domain with samba-tool: the offline steps of a Samba AD lab.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { IndexProfile } from '../../../shared/workload.ts';
import { FLAT_PERSON_ATTRIBUTES } from '../../datagen/flat.ts';
import { SALFORD_PERSON_ATTRIBUTES } from '../../datagen/salford.ts';
import { logTail } from '../logTail.ts';
import { fileReadFraction } from '../procFileOffset.ts';
import { runWatchedTool } from '../watchedTool.ts';
import type { SambaAdInstall } from './install.ts';
import type { SambaAdLayout } from './layout.ts';
import { SAMBA_LDB_SCRIPT } from './ldbScript.ts';
import { SAMBA_AD_DOMAIN, SAMBA_AD_HOST, SAMBA_AD_REALM, writeSambaAdSmbConf } from './smbConf.ts';

/** Entries the offline load adds per transaction (measured: bigger ones are slower, not faster). */
const LOAD_BATCH = 1000;

/** Attributes of the built-in shapes' persons whose AD equality index an index profile decides. */
const PERSON_ATTRIBUTES = [
  ...new Set([...SALFORD_PERSON_ATTRIBUTES, ...FLAT_PERSON_ATTRIBUTES]),
].filter((name) => name !== 'userPassword');

/**
 * Which attributes get AD's equality index (searchFlags bit 0): those the profile indexes for
 * equality get it, the shapes' other person attributes lose it (AD indexes cn, sn, givenName and
 * mail by default). Samba's ldb keeps equality indexes only: `sub` and `pres` cannot be built and
 * are left out; objectClass is always indexed.
 */
export function sambaAdIndexes(profile: IndexProfile): Record<string, boolean> {
  const indexes: Record<string, boolean> = {};
  for (const attribute of PERSON_ATTRIBUTES) indexes[attribute] = false;
  for (const { attribute, types } of profile.indexes) {
    if (attribute.toLowerCase() === 'objectclass') continue;
    const known = Object.keys(indexes).find((a) => a.toLowerCase() === attribute.toLowerCase());
    indexes[known ?? attribute] = types.includes('eq');
  }
  return indexes;
}

/** The index types of `profile` a Samba AD lab cannot build, as `attribute types` lines. */
export function sambaAdUnbuiltIndexes(profile: IndexProfile): string[] {
  return profile.indexes
    .map(({ attribute, types }) => ({ attribute, types: types.filter((t) => t !== 'eq') }))
    .filter(({ types }) => types.length > 0)
    .map(({ attribute, types }) => `${attribute} ${types.join(',')}`);
}

/** Everything an offline step needs. */
interface ToolRun {
  install: SambaAdInstall;
  layout: SambaAdLayout;
  logPath: string;
  signal: AbortSignal;
}

/** Runs `command args` under the watchdog; rejects with the tail of its output when it fails. */
async function runStep(
  run: ToolRun,
  what: string,
  command: string,
  args: string[],
  shownArgs: string[],
  onPoll?: (pid: number) => void,
): Promise<void> {
  const tool = await runWatchedTool({
    command,
    args,
    logPath: run.logPath,
    logHeader: `$ ${command} ${shownArgs.join(' ')}\n`,
    needles: [command, run.layout.root],
    killAfterMs: 5_000,
    signal: run.signal,
  });
  const timer = onPoll === undefined ? null : setInterval(() => onPoll(tool.pid), 500);
  try {
    const { code, signal } = await tool.done;
    run.signal.throwIfAborted();
    if (code !== 0) {
      const how =
        code === null ? `was killed by ${signal ?? 'a signal'}` : `exited with code ${code}`;
      const tail = logTail(run.logPath).replace(/dirbench-ldb: /g, '');
      throw new Error(`${what} ${how}: ${tail || 'no output'} (full log: ${run.logPath})`);
    }
  } finally {
    if (timer !== null) clearInterval(timer);
  }
}

/** The helper's argument list for `command`, with the smb.conf it works on. */
function helperArgs(layout: SambaAdLayout, fields: Record<string, unknown>): string[] {
  return [layout.toolScript, JSON.stringify({ conf: layout.smbConf, ...fields })];
}

/**
 * Provisions the lab's domain under `layout.root` (samba-tool domain provision), writes its
 * smb.conf for `address`, and sets it up for a benchmark: the administrator's password, whole result
 * sets, the profile's indexes, and userPassword as the accounts' password.
 */
export async function provisionSambaAd(
  run: ToolRun,
  opts: { address: string; rootPassword: string; indexProfile: IndexProfile },
): Promise<void> {
  const { layout } = run;
  for (const dir of [layout.root, layout.lockDir, layout.cacheDir, layout.runDir, layout.logDir])
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Provisioning insists on a complex password; the setup below replaces it with the lab's own.
  const provisionPassword = `Dirbench-${randomBytes(12).toString('base64url')}-9a`;
  const args = [
    'domain',
    'provision',
    `--targetdir=${layout.root}`,
    `--realm=${SAMBA_AD_REALM}`,
    `--domain=${SAMBA_AD_DOMAIN}`,
    `--host-name=${SAMBA_AD_HOST.toLowerCase()}`,
    '--server-role=dc',
    '--dns-backend=NONE',
    `--option=pid directory=${layout.runDir}`,
    '--quiet',
  ];
  await runStep(
    run,
    'samba-tool domain provision',
    run.install.sambaTool,
    [...args, `--adminpass=${provisionPassword}`],
    [...args, '--adminpass=(generated)'],
  );
  writeSambaAdSmbConf(layout, opts.address);
  writeFileSync(layout.toolScript, SAMBA_LDB_SCRIPT, { mode: 0o600 });
  writeFileSync(layout.passwordFile, opts.rootPassword, { mode: 0o600 });
  try {
    const fields = {
      command: 'setup',
      passwordFile: layout.passwordFile,
      indexes: sambaAdIndexes(opts.indexProfile),
    };
    const argv = helperArgs(layout, fields);
    await runStep(run, 'Setting up the domain', run.install.python, argv, argv);
  } finally {
    rmSync(layout.passwordFile, { force: true });
  }
}

/** Adds the LDIF's entries to the stopped domain, its suffix moved to `suffix` (inside the domain). */
export async function loadSambaAdOffline(
  run: ToolRun,
  opts: { ldifPath: string; suffix: string; onProgress(fraction: number): void },
): Promise<void> {
  const fractionRead = fileReadFraction(opts.ldifPath);
  let reported = 0;
  const argv = helperArgs(run.layout, {
    command: 'load',
    suffix: opts.suffix,
    ldif: opts.ldifPath,
    batch: LOAD_BATCH,
  });
  await runStep(run, 'The offline load', run.install.python, argv, argv, (pid) => {
    const read = fractionRead(pid);
    if (read === null || read <= reported) return;
    reported = Math.min(0.99, read);
    opts.onProgress(reported);
  });
  opts.onProgress(1);
}
