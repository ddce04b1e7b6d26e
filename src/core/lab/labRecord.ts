// A lab's record from its start request: the checks a request must pass, the files and ports it
// gets, and the record the registry keeps (with what only the host may know).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import { checkInteger, LIMITS } from '../../shared/validation.ts';
import type {
  LabInfo,
  LabKind,
  LabLoadMethod,
  LabShape,
  LabTlsMode,
} from '../../shared/labTypes.ts';
import { familyWords, labKindsWhere, LAB_KINDS } from '../../shared/labKinds.ts';
import type { IndexProfile } from '../../shared/workload.ts';
import { DIRECTORY_SHAPES, unknownShapeMessage } from '../datagen/shapes.ts';
import { isShapeName } from '../../shared/labTypes.ts';
import { rebaseDn } from '../ldif/rebase.ts';
import type { LabDriver, LabServerConfig } from './driver.ts';
import { freePort } from './freePort.ts';
import { indexProfileLines, resolveIndexProfile } from './indexProfiles.ts';
import { createLabCertificates } from './labTls.ts';

/** A lab as the registry stores it: the public info plus what only the host may know. */
export interface StoredLab extends LabInfo {
  rootPassword: string;
  /** PID of the DirBench process the lab must not outlive; null once a persistent lab is up. */
  ownerPid: number | null;
}

/** Persistence of labs (SQLite in the hosts, a Map in tests). */
export interface LabRegistry {
  insert(lab: StoredLab): void;
  update(id: string, patch: Partial<StoredLab>): void;
  get(id: string): StoredLab | null;
  list(): StoredLab[];
  /** Forgets a lab (after `destroy` deleted its directory). */
  remove(id: string): void;
}

/** What to start. */
export interface LabStartRequest {
  kind: LabKind;
  entries: number;
  seed?: number;
  /** Outlive this process until `stop` (CLI `dirbench lab start`); default false. */
  persistent?: boolean;
  /** A profile name from data/index-profiles.json, `none`, or `attr:types;attr:types` (default salford-indexed). */
  indexProfile?: string;
  /** `offline` (the server's bulk loader, default) or `protocol` (LDAP adds on a running server). */
  load?: LabLoadMethod;
  /** Connections a protocol load adds on (default 8). */
  loadConnections?: number;
  /** Serve TLS with a CA of the lab's own; the lab's target uses StartTLS or ldaps:// as named. */
  tls?: LabTlsMode;
  /** Directory shape of the generated data (default salford). */
  shape?: LabShape;
  /** Consumers replicating from the lab's server, each its own process (default 0). */
  replicas?: number;
}

/** Connections a load over LDAP uses unless asked otherwise. */
export const DEFAULT_LOAD_CONNECTIONS = 8;

/** The public view of a stored lab. */
export function toInfo(lab: StoredLab): LabInfo {
  const { rootPassword: _password, ownerPid: _owner, ...info } = lab;
  return info;
}

/** A start request that passed its checks, with defaults filled in. */
export interface CheckedStart {
  kind: LabKind;
  entries: number;
  seed: number;
  persistent: boolean;
  shape: LabShape;
  indexProfile: IndexProfile;
  tls: LabTlsMode | undefined;
  load: LabLoadMethod;
  loadConnections: number | null;
}

/** Checks `req` for `driver`'s kind before anything is written; throws naming the field. */
export function checkLabStart(
  req: LabStartRequest,
  driver: LabDriver,
  indexProfiles: (() => readonly IndexProfile[]) | undefined,
): CheckedStart {
  const entries = checkInteger(req.entries, 'entries', 1, LIMITS.labEntries);
  if (driver.entryLimit !== undefined && entries > driver.entryLimit.max) {
    throw invalid(
      'entries',
      `${driver.title} labs hold at most ${driver.entryLimit.max.toLocaleString('en')} entries (${driver.entryLimit.why}); ask for fewer`,
    );
  }
  const seed = checkInteger(req.seed ?? 1, 'seed', 0, 2 ** 31 - 1);
  const shape = req.shape ?? 'salford';
  if (!isShapeName(shape)) throw invalid('shape', unknownShapeMessage(shape));
  const indexProfile = resolveIndexProfile(req.indexProfile, indexProfiles);
  const availability = driver.availability();
  if (!availability.available) throw new ApiError('unavailable', availability.detail);
  if (req.tls !== undefined && req.tls !== 'starttls' && req.tls !== 'ldaps') {
    throw invalid('tls', `tls takes starttls or ldaps; got "${String(req.tls)}"`);
  }
  if (req.tls !== undefined && !LAB_KINDS[req.kind].capabilities.tls) {
    const tlsKinds = familyWords(labKindsWhere((row) => row.capabilities.tls));
    throw invalid(
      'tls',
      `${driver.title} labs do not serve TLS yet; use ${tlsKinds} labs for TLS runs`,
    );
  }
  const load = req.load ?? 'offline';
  return {
    kind: req.kind,
    entries,
    seed,
    persistent: req.persistent ?? false,
    shape,
    indexProfile,
    tls: req.tls,
    load,
    loadConnections:
      load === 'protocol'
        ? checkInteger(req.loadConnections ?? DEFAULT_LOAD_CONNECTIONS, 'loadConnections', 1, 1024)
        : null,
  };
}

/**
 * Makes lab `id`'s folder, root password file, ports and (when asked) TLS certificates, and
 * returns the record to store and the server's configuration.
 */
export async function prepareLab(
  id: string,
  labDir: string,
  start: CheckedStart,
  driver: LabDriver,
): Promise<{ lab: StoredLab; config: LabServerConfig }> {
  mkdirSync(labDir, { recursive: true });
  const rootPassword = randomBytes(12).toString('base64url');
  // For scripts and peer tools (ldapsearch -y, searchrate --bindPasswordFile): no newline, mode 600.
  const passwordFile = join(labDir, 'root.pw');
  writeFileSync(passwordFile, rootPassword, { mode: 0o600 });
  const port = await freePort();
  const tls =
    start.tls === undefined
      ? undefined
      : { ...(await createLabCertificates(join(labDir, 'tls'))), ldapsPort: await freePort() };
  const names = DIRECTORY_SHAPES[start.shape];
  const suffix = driver.placeSuffix?.(names.suffix) ?? names.suffix;
  const lab: StoredLab = {
    id,
    kind: start.kind,
    state: 'loading',
    entries: start.entries,
    seed: start.seed,
    port,
    pid: null,
    url: `ldap://127.0.0.1:${port}`,
    baseDn: rebaseDn(names.baseDn, { from: names.suffix, to: suffix }),
    bindDn: driver.rootDn(suffix),
    suffix,
    shape: start.shape,
    indexProfile: start.indexProfile.name,
    indexes: indexProfileLines(start.indexProfile),
    serverVersion: null,
    targetId: null,
    dataDir: labDir,
    loadS: null,
    generateS: null,
    startS: null,
    verifiedEntries: null,
    tls:
      tls === undefined || start.tls === undefined
        ? null
        : { mode: start.tls, caFile: tls.caFile, ldapsUrl: `ldaps://127.0.0.1:${tls.ldapsPort}` },
    loadMethod: start.load,
    loadConnections: start.loadConnections,
    persistent: start.persistent,
    error: null,
    createdAt: new Date().toISOString(),
    rootPassword,
    passwordFile,
    ownerPid: process.pid,
  };
  const config: LabServerConfig = {
    labDir,
    port,
    suffix: lab.suffix,
    rootDn: lab.bindDn,
    rootPassword,
    indexProfile: start.indexProfile,
    entries: start.entries,
    ...(tls === undefined ? {} : { tls }),
  };
  return { lab, config };
}
