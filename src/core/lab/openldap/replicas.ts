// OpenLDAP replicas: the supplier runs the syncprov overlay, each consumer a refreshAndPersist
// syncrepl of the whole suffix. Consumers are loaded offline with slapadd from a slapcat of the
// loaded supplier, so both hold the same entries with the same entryUUIDs and entryCSNs (a second
// slapadd of the generated LDIF would give every entry other UUIDs, which syncrepl cannot match).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LabServerConfig } from '../driver.ts';
import { logTail } from '../logTail.ts';
import { confArg } from './config.ts';
import { findOpenLdap } from './install.ts';
import { runSlapadd } from './slapadd.ts';
import { runWatchedTool } from '../watchedTool.ts';
import { baseValues } from '../replicas/baseValues.ts';
import type { ConsumerBuild, ReplicaSupport, SupplierExport } from '../driver.ts';

/** Indexes syncprov and syncrepl look entries up by. */
const SYNC_INDEX = 'index entryCSN,entryUUID eq';

/** The lab's slapd.conf and slapadd.conf (the one slapadd loads with). */
function confFiles(labDir: string): string[] {
  return [join(labDir, 'slapd.conf'), join(labDir, 'slapadd.conf')];
}

/** `text` with `lines` inserted after the first line starting with `after`; throws when there is none. */
function insertAfter(text: string, after: string, lines: readonly string[]): string {
  const all = text.split('\n');
  const at = all.findIndex((l) => l.startsWith(after));
  if (at < 0) throw new Error(`slapd.conf has no "${after}" line to add replication after`);
  all.splice(at + 1, 0, ...lines);
  return all.join('\n');
}

/** `text` with `lines` inserted before the first line starting with `before`. */
function insertBefore(text: string, before: string, lines: readonly string[]): string {
  const all = text.split('\n');
  const at = all.findIndex((l) => l.startsWith(before));
  if (at < 0) throw new Error(`slapd.conf has no "${before}" line to add replication before`);
  all.splice(at, 0, ...lines);
  return all.join('\n');
}

/** A supplier's slapd.conf: the syncprov overlay (loaded as a module where mdb is) and its indexes. */
export function supplierConf(text: string): string {
  let conf = text;
  if (conf.includes('\nmoduleload back_mdb\n'))
    conf = insertAfter(conf, 'moduleload back_mdb', ['moduleload syncprov']);
  conf = insertAfter(conf, 'directory ', [SYNC_INDEX]);
  // The overlay after the database's own settings; its checkpoint keeps contextCSN on disk.
  return insertBefore(conf, 'access to ', ['overlay syncprov', 'syncprov-checkpoint 100 1']);
}

/** A consumer's slapd.conf: a refreshAndPersist syncrepl of the suffix from the supplier. */
export function consumerConf(
  text: string,
  supplierUrl: string,
  config: LabServerConfig,
  rid: number,
): string {
  const syncrepl = [
    `syncrepl rid=${String(rid).padStart(3, '0')}`,
    `provider=${supplierUrl}`,
    'type=refreshAndPersist',
    // Reconnect every second, for ever: a stopped supplier or consumer resumes where it was.
    'retry="1 +"',
    `searchbase=${confArg(config.suffix)}`,
    'bindmethod=simple',
    `binddn=${confArg(config.rootDn)}`,
    `credentials=${confArg(config.rootPassword)}`,
    'network-timeout=5',
    'timeout=5',
  ].join(' ');
  return insertAfter(text, 'directory ', [SYNC_INDEX, syncrepl]);
}

/** Rewrites both configuration files of the lab in `labDir` with `edit`. */
function editConf(labDir: string, edit: (text: string) => string): void {
  for (const file of confFiles(labDir)) {
    writeFileSync(file, edit(readFileSync(file, 'utf8')), { mode: 0o600 });
  }
}

/** The OpenLDAP tools found on this machine (the lab's own start found them already). */
function openLdapTools(): { slapadd: string } {
  const found = findOpenLdap();
  if (!found.ok) throw new Error(`OpenLDAP is missing ${found.missing.join(', ')}`);
  return found.install;
}

/** slapcat of the suffix of the (running) lab in `labDir` into `out`: back-mdb reads beside slapd. */
async function slapcat(config: LabServerConfig, out: string, signal: AbortSignal): Promise<void> {
  const logPath = join(config.labDir, 'replicas', 'slapcat.log');
  const conf = join(config.labDir, 'slapd.conf');
  const tool = await runWatchedTool({
    command: join(dirname(openLdapTools().slapadd), 'slapcat'),
    args: ['-f', conf, '-b', config.suffix, '-l', out],
    logPath,
    needles: ['slapcat', conf],
    killAfterMs: 5_000,
    signal,
  });
  const { code, signal: killedBy } = await tool.done;
  signal.throwIfAborted();
  if (code !== 0) {
    const how = code === null ? `was killed by ${killedBy ?? 'a signal'}` : `exited with ${code}`;
    throw new Error(`slapcat of the supplier ${how}: ${logTail(logPath)} (full log: ${logPath})`);
  }
}

/** The contextCSN values of the suffix entry, sorted and joined; null when it has none. */
async function contextCsn(
  url: string,
  bindDn: string,
  password: string,
  suffix: string,
): Promise<string | null> {
  const values = (await baseValues(url, bindDn, password, suffix, 'contextCSN')).sort();
  return values.length === 0 ? null : values.join(' ');
}

/** How OpenLDAP labs replicate. */
export const openLdapReplicaSupport: ReplicaSupport = {
  async prepareSupplier(config) {
    editConf(config.labDir, supplierConf);
  },
  async exportSupplier(config, signal): Promise<SupplierExport> {
    mkdirSync(join(config.labDir, 'replicas'), { recursive: true });
    const ldifPath = join(config.labDir, 'replicas', 'supplier.ldif');
    await slapcat(config, ldifPath, signal);
    return { ldifPath, dispose: () => rmSync(ldifPath, { force: true }) };
  },
  async prepareConsumer(build: ConsumerBuild, signal) {
    const { consumer, seed } = build;
    await build.driver.configure(consumer, signal);
    editConf(consumer.labDir, (text) =>
      consumerConf(text, build.supplierUrl, consumer, build.number),
    );
    if (seed.ldifPath === null) return;
    // -w: the consumer's contextCSN is the newest entryCSN it holds, so syncrepl asks only for later changes.
    await runSlapadd({
      slapadd: openLdapTools().slapadd,
      confPath: join(consumer.labDir, 'slapadd.conf'),
      ldifPath: seed.ldifPath,
      logPath: join(consumer.labDir, 'load.log'),
      signal,
      extraArgs: ['-w'],
    });
  },
  syncState: contextCsn,
};
