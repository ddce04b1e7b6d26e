// Where an OpenDJ lab keeps its files: the unpacked server (install and instance in one, as the
// legacy layout wants) under <labDir>/opendj, DirBench's own files next to it.
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

/** Paths of one OpenDJ lab. */
export interface OpenDjLayout {
  /** The lab directory, with symlinks resolved (OpenDJ's scripts name paths that way). */
  labDir: string;
  /** The unpacked server: bin/, lib/, config/, db/, logs/. */
  installDir: string;
  /** The server's configuration, also the unique mark of this lab on the server's command line. */
  configLdif: string;
  javaProperties: string;
  /** The backend's database (what removeData deletes). */
  dbDir: string;
  /** The import's scratch files. */
  importTmpDir: string;
  /** The server's own error log (start-up failures show here). */
  errorLog: string;
  /** The root password for setup, present only while setup runs. */
  passwordFile: string;
  /** Output of setup and of the configuration steps, with DirBench's timings. */
  setupLog: string;
  /** Entries the import rejected or skipped, with OpenDJ's reason (normally absent or empty). */
  rejectFile: string;
  skipFile: string;
}

/** The layout of the lab in `labDir`. */
export function openDjLayout(labDir: string): OpenDjLayout {
  const dir = existsSync(labDir) ? realpathSync(labDir) : labDir;
  const installDir = join(dir, 'opendj');
  return {
    labDir: dir,
    installDir,
    configLdif: join(installDir, 'config', 'config.ldif'),
    javaProperties: join(installDir, 'config', 'java.properties'),
    dbDir: join(installDir, 'db'),
    importTmpDir: join(installDir, 'import-tmp'),
    errorLog: join(installDir, 'logs', 'errors'),
    passwordFile: join(dir, 'root-password.tmp'),
    setupLog: join(dir, 'opendj-setup.log'),
    rejectFile: join(dir, 'import-rejects.ldif'),
    skipFile: join(dir, 'import-skipped.ldif'),
  };
}
