// Finding Debian's ApacheDS 2.0 (package apacheds) and the jars it needs that the package does not
// pull in: its lib/ links to libraries of packages it does not depend on, and its code needs
// Caffeine and the Commons libraries of the Directory API, which lib/ does not list at all.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LabAvailability } from '../../../shared/labTypes.ts';
import { lookupAvailability } from '../installLookup.ts';
import type { InstallLookup } from '../installLookup.ts';
import { findJava, JAVA_INSTALL_HINT } from '../java.ts';

/** Where Debian's package puts the server's jars (symbolic links into /usr/share/java). */
export const APACHEDS_LIB_DIR = '/usr/share/apacheds/lib';

/** The package's config.ldif, the template every lab's own configuration is made from. */
export const APACHEDS_CONFIG_TEMPLATE = '/etc/apacheds/config.ldif';

const SHARED_JAVA = '/usr/share/java';

/** Jars outside lib/ that the packaged code loads (the Directory API's own dependencies, Caffeine). */
const EXTRA_JARS = [
  'caffeine',
  'commons-collections4',
  'commons-lang3',
  'commons-text',
  'commons-pool2',
  'commons-codec',
];

const lib = (name: string): string => join(APACHEDS_LIB_DIR, `${name}.jar`);
const shared = (name: string): string => join(SHARED_JAVA, `${name}.jar`);

/**
 * Each jar a lab needs that may be missing, with the Debian package that provides it: the server
 * itself, lib/'s links to packages apacheds 2.0.0~M26-1 does not depend on, and EXTRA_JARS.
 */
export const APACHEDS_JARS: readonly { jar: string; package: string }[] = [
  { jar: lib('apacheds-service'), package: 'apacheds' },
  { jar: lib('apache-directory-api-all'), package: 'libapache-directory-api-java' },
  { jar: lib('apacheds-jdbm1'), package: 'libapache-directory-jdbm-java' },
  { jar: lib('bcprov'), package: 'libbcprov-java' },
  { jar: lib('commons-lang'), package: 'libcommons-lang-java' },
  { jar: lib('commons-pool'), package: 'libcommons-pool-java' },
  { jar: lib('dom4j'), package: 'libdom4j-java' },
  { jar: lib('mavibot'), package: 'libmavibot-java' },
  { jar: lib('mina2-core'), package: 'libmina2-java' },
  { jar: lib('xpp3'), package: 'libxpp3-java' },
  ...EXTRA_JARS.map((name) => ({
    jar: shared(name),
    package: name === 'caffeine' ? 'libcaffeine-java' : `lib${name}-java`,
  })),
];

/** A usable installation: the JVM's classpath and the Java launcher. */
export interface ApacheDsInstall {
  /** Jar paths, lib/'s first, joined by the JVM. */
  classpath: string[];
  /** The apacheds-service jar (its pom.properties carries the version). */
  serviceJar: string;
  java: string;
  javaVersion: string;
}

/** The installed jars, or what is missing (packages to install, or Java). */
export function findApacheDs(env: NodeJS.ProcessEnv = process.env): InstallLookup<ApacheDsInstall> {
  const serviceJar = lib('apacheds-service');
  const libJars = existsSync(APACHEDS_LIB_DIR)
    ? readdirSync(APACHEDS_LIB_DIR)
        .filter((n) => n.endsWith('.jar'))
        .map((n) => join(APACHEDS_LIB_DIR, n))
    : [];
  const classpath = [...libJars, ...EXTRA_JARS.map(shared)];
  const packageOf = new Map(APACHEDS_JARS.map((j) => [j.jar, j.package]));
  // existsSync follows the links, so a jar whose package is missing counts as missing.
  const missing = [...new Set([serviceJar, ...classpath])]
    .filter((jar) => !existsSync(jar))
    .map((jar) => `${packageOf.get(jar) ?? 'the package holding'} (${jar})`);
  if (!existsSync(APACHEDS_CONFIG_TEMPLATE)) {
    missing.push(`the apacheds package's ${APACHEDS_CONFIG_TEMPLATE}`);
  }
  const java = findJava(env);
  if (!java.ok) missing.push(`Java (${java.problem}; ${JAVA_INSTALL_HINT})`);
  if (missing.length > 0 || !java.ok) return { ok: false, missing };
  return {
    ok: true,
    install: { classpath, serviceJar, java: java.java.path, javaVersion: java.java.version },
  };
}

/** Whether ApacheDS labs can run here: the jars and Java found, or the install command. */
export function apacheDsAvailability(env: NodeJS.ProcessEnv = process.env): LabAvailability {
  return lookupAvailability(
    'apacheds',
    findApacheDs(env),
    (install) => `server: ${install.serviceJar}; Java ${install.javaVersion}: ${install.java}`,
  );
}
