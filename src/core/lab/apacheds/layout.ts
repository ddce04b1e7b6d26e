// Where an ApacheDS lab keeps its files: an instance folder of ApacheDS's own layout inside the lab
// folder, and the configuration DirBench writes (the server migrates conf/config.ldif on start).
import { join } from 'node:path';

/** Paths of one ApacheDS lab. */
export interface ApacheDsLayout {
  /** The instance folder the server is started on (ApacheDS's InstanceLayout). */
  instanceDir: string;
  confDir: string;
  /** What the server reads on start; it renames it and keeps its own copy under conf/ou=config. */
  configLdif: string;
  /** DirBench's own copy of the configuration, from which every start writes configLdif afresh. */
  labConfigLdif: string;
  log4jProperties: string;
  /** JDBM partitions: the schema, ou=system (the admin's password) and the lab's suffix. */
  partitionsDir: string;
  logDir: string;
}

/** The layout of the lab in `labDir`. */
export function apacheDsLayout(labDir: string): ApacheDsLayout {
  const instanceDir = join(labDir, 'apacheds');
  const confDir = join(instanceDir, 'conf');
  return {
    instanceDir,
    confDir,
    configLdif: join(confDir, 'config.ldif'),
    labConfigLdif: join(labDir, 'apacheds-config.ldif'),
    log4jProperties: join(confDir, 'log4j.properties'),
    partitionsDir: join(instanceDir, 'partitions'),
    logDir: join(instanceDir, 'log'),
  };
}
