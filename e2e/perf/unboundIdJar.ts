// The UnboundID LDAP SDK jar (searchrate, modrate, authrate), fetched with Maven into ~/.m2 once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The SDK release measured against (latest 7.x on Maven Central when this was written). */
export const UNBOUNDID_VERSION = '7.0.5';

/** Fetches the SDK jar with Maven (cached in ~/.m2 after the first time) and returns its path. */
export function unboundIdJar(): string {
  const jar = path.join(
    os.homedir(),
    '.m2/repository/com/unboundid/unboundid-ldapsdk',
    UNBOUNDID_VERSION,
    `unboundid-ldapsdk-${UNBOUNDID_VERSION}.jar`,
  );
  if (existsSync(jar)) return jar;
  const mvn = spawnSync(
    'mvn',
    ['-q', 'dependency:get', `-Dartifact=com.unboundid:unboundid-ldapsdk:${UNBOUNDID_VERSION}`],
    { encoding: 'utf8', timeout: 300_000 },
  );
  if (mvn.status !== 0 || !existsSync(jar)) {
    throw new Error(
      `mvn dependency:get failed (${String(mvn.status)}): ${mvn.stdout}${mvn.stderr}`,
    );
  }
  return jar;
}
