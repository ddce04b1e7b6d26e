// Where everything of a Samba AD lab lives: smb.conf and every directory Samba writes (private,
// state, lock, cache, pid, sockets, logs) under `<lab>/samba`, so labs never share a file.
import { join, resolve } from 'node:path';

/** Every path of one lab's domain controller. */
export interface SambaAdLayout {
  labDir: string;
  /** `<lab>/samba`: provisioning's --targetdir; removing it removes the domain. */
  root: string;
  /** The lab's own smb.conf (samba -s). */
  smbConf: string;
  /** sam.ldb and its partitions, secrets, the TLS keys Samba generates. */
  privateDir: string;
  stateDir: string;
  lockDir: string;
  cacheDir: string;
  bindDnsDir: string;
  /** pid directory, ncalrpc and other sockets. */
  runDir: string;
  /** samba.pid, which the server keeps open (how its PID is told apart from others). */
  pidFile: string;
  logDir: string;
  /** The Python helper that changes the stopped domain (ldbTool.ts). */
  toolScript: string;
  /** The administrator password for the helper, only while it runs (mode 600). */
  passwordFile: string;
}

/** The layout of the lab in `labDir`. */
export function sambaAdLayout(labDir: string): SambaAdLayout {
  const labRoot = resolve(labDir);
  const root = join(labRoot, 'samba');
  const runDir = join(root, 'run');
  return {
    labDir: labRoot,
    root,
    smbConf: join(root, 'etc', 'smb.conf'),
    privateDir: join(root, 'private'),
    stateDir: join(root, 'state'),
    lockDir: join(root, 'lock'),
    cacheDir: join(root, 'cache'),
    bindDnsDir: join(root, 'bind-dns'),
    runDir,
    pidFile: join(runDir, 'samba.pid'),
    logDir: join(root, 'logs'),
    toolScript: join(root, 'dirbench-ldb.py'),
    passwordFile: join(root, 'admin.pw'),
  };
}
