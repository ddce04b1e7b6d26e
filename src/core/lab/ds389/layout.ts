// Where everything of a 389 DS lab lives: one instance per lab directory, named after its path so
// that several labs (and their shared-memory statistics semaphores) never collide.
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';

/** Name of the one backend (database) of a lab, the name 389 DS gives its first backend. */
export const DS389_BACKEND = 'userRoot';

/** Every path of one lab instance; all of them are under `labDir` except the statistics semaphore. */
export interface Ds389Layout {
  labDir: string;
  /** `dirbench-<hash>`; the config directory is `slapd-<instanceName>`. */
  instanceName: string;
  /** `-D` of ns-slapd (dse.ldif, schema/, ...); its base name also names the SNMP statistics. */
  configDir: string;
  schemaDir: string;
  dseLdif: string;
  /** Database home, transaction logs and the backend's directory. */
  dbDir: string;
  backendDir: string;
  logDir: string;
  errorLog: string;
  runDir: string;
  pidFile: string;
  lockDir: string;
  tmpDir: string;
  certDir: string;
  backupDir: string;
  ldifDir: string;
  /** POSIX semaphore ns-slapd creates for its SNMP statistics (Linux: a file in /dev/shm). */
  statsSemaphore: string;
}

/** Instance name of the lab in `labDir`: "dirbench-" and 12 hex digits of its absolute path's hash. */
export function ds389InstanceName(labDir: string): string {
  const digest = createHash('sha256').update(resolve(labDir)).digest('hex');
  return `dirbench-${digest.slice(0, 12)}`;
}

/** The layout of the lab in `labDir`. */
export function ds389Layout(labDir: string): Ds389Layout {
  const root = resolve(labDir);
  const instanceName = ds389InstanceName(root);
  const configName = `slapd-${instanceName}`;
  const configDir = join(root, configName);
  const dbDir = join(root, 'db');
  const logDir = join(root, 'logs');
  const runDir = join(root, 'run');
  return {
    labDir: root,
    instanceName,
    configDir,
    schemaDir: join(configDir, 'schema'),
    dseLdif: join(configDir, 'dse.ldif'),
    dbDir,
    backendDir: join(dbDir, DS389_BACKEND),
    logDir,
    errorLog: join(logDir, 'errors'),
    runDir,
    pidFile: join(runDir, 'ns-slapd.pid'),
    lockDir: join(root, 'lock'),
    tmpDir: join(root, 'tmp'),
    certDir: join(root, 'certs'),
    backupDir: join(root, 'bak'),
    ldifDir: join(root, 'ldif'),
    // ns-slapd names it "/<basename of the config dir>.stats"; glibc keeps it as /dev/shm/sem.<name>.
    statsSemaphore: join('/dev/shm', `sem.${configName}.stats`),
  };
}

/** The directories `configure` creates, in order. */
export function ds389Directories(layout: Ds389Layout): string[] {
  return [
    layout.configDir,
    layout.schemaDir,
    layout.dbDir,
    layout.logDir,
    layout.runDir,
    layout.lockDir,
    layout.tmpDir,
    layout.certDir,
    layout.backupDir,
    layout.ldifDir,
  ];
}
