// What the test suite needs from the machine beyond npm packages: each need, how to tell it is
// there (the way the labs and tests look for it), and the Debian/Ubuntu package that provides it.
import { existsSync, globSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { findNatsServer, natsServerSearchDirs } from '../../src/core/broker/natsServer.ts';
import { APACHEDS_JARS } from '../../src/core/lab/apacheds/install.ts';
import { findDs389 } from '../../src/core/lab/ds389/install.ts';
import { findOpenLdap } from '../../src/core/lab/openldap/install.ts';
import { findJava } from '../../src/core/lab/java.ts';
import {
  OPENDJ_ARTIFACT,
  OPENDJ_ZIP_ENV,
  findOpenDjZip,
} from '../../src/core/lab/opendj/software.ts';
import { isExecutable } from '../../src/core/lab/installLookup.ts';

/** How the needs look at the machine; tests pass a fake. */
export interface MachineProbe {
  /** True when `path` exists. */
  exists(path: string): boolean;
  /** True when some path matches the glob `pattern` (e.g. a file in every multiarch lib folder). */
  matches(pattern: string): boolean;
  /** True when an executable `command` is on PATH. */
  onPath(command: string): boolean;
  /** OpenLDAP's slapd, slapadd and schemas, found as the OpenLDAP labs find them. */
  openLdap(): boolean;
  /** 389 DS's ns-slapd, template and schema, found as the 389 DS labs find them. */
  ds389(): boolean;
  /** A Java runtime the OpenDJ labs accept (JAVA_HOME or PATH, version 11 or newer). */
  java(): boolean;
  /** nats-server, found as brokers find it (Debian puts it in /usr/sbin). */
  natsServer(): boolean;
}

/** One thing the tests need from the system, and the apt packages that provide it. */
export interface SystemNeed {
  /** Debian/Ubuntu packages that provide it, preferred first: the first apt can install is used. */
  packages: readonly string[];
  /** Installed without its recommended packages. */
  noRecommends: boolean;
  /** What needs it, for messages. */
  usedFor: string;
  present(probe: MachineProbe): boolean;
}

/** The Cyrus SASL plugins slapd needs for the binds the tests send. */
const SASL_PLUGINS = ['libplain.so', 'libdigestmd5.so', 'libcrammd5.so', 'libscram.so'];

/** Where Debian's python3-prometheus-client puts the parser the metrics tests run. */
const PROMETHEUS_PARSER = '/usr/lib/python3/dist-packages/prometheus_client/openmetrics/parser.py';

/** Everything `.ci/run` installed before the suite, plus what the tests call (openssl, xmllint). */
export const SYSTEM_NEEDS: readonly SystemNeed[] = [
  {
    packages: ['slapd'],
    noRecommends: false,
    usedFor: 'OpenLDAP labs and the integration tests (slapd, slapadd)',
    present: (p) => p.openLdap(),
  },
  {
    packages: ['ldap-utils'],
    noRecommends: false,
    usedFor: 'ldapsearch and the other OpenLDAP client tools',
    present: (p) => p.onPath('ldapsearch'),
  },
  {
    packages: ['libsasl2-modules'],
    noRecommends: false,
    usedFor:
      'SASL PLAIN, DIGEST-MD5, CRAM-MD5 and SCRAM binds against labs and test servers (their mechanism plugins)',
    present: (p) =>
      SASL_PLUGINS.every(
        (plugin) => p.exists(`/usr/lib/sasl2/${plugin}`) || p.matches(`/usr/lib/*/sasl2/${plugin}`),
      ),
  },
  {
    packages: ['chromium'],
    noRecommends: false,
    usedFor: 'the UI tests (headless Chromium at /usr/bin/chromium)',
    present: (p) => p.exists('/usr/bin/chromium'),
  },
  {
    packages: ['fonts-dejavu-core'],
    noRecommends: false,
    usedFor: 'charts rendered to PNG without a browser (dirbench export)',
    present: (p) => p.exists('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
  },
  {
    packages: ['libxml2-utils'],
    noRecommends: false,
    usedFor: 'xmllint, which checks --junit files against the JUnit schema',
    present: (p) => p.onPath('xmllint'),
  },
  {
    packages: ['python3-prometheus-client'],
    noRecommends: true,
    usedFor: 'the OpenMetrics parser that checks /metrics scrapes (metrics.test.ts)',
    present: (p) => p.exists(PROMETHEUS_PARSER),
  },
  {
    packages: ['openssl'],
    noRecommends: false,
    usedFor: 'TLS certificates for labs and the TLS tests',
    present: (p) => p.onPath('openssl'),
  },
  {
    // Its recommends would pull in scipy, matplotlib and more.
    packages: ['389-ds-base'],
    noRecommends: true,
    usedFor: '389 Directory Server labs',
    present: (p) => p.ds389(),
  },
  {
    // Debian 13 and later have no Java 17: the distribution's default Java (11 or newer) serves too.
    packages: ['openjdk-17-jre-headless', 'default-jre-headless'],
    noRecommends: true,
    usedFor: 'OpenDJ labs (Java 11 or newer)',
    present: (p) => p.java(),
  },
  // Debian's apacheds does not depend on every library its lib/ links to or its code loads: one
  // need per package, each found by its jar as the ApacheDS labs look for it.
  ...APACHEDS_JARS.map(({ jar, package: pkg }): SystemNeed => ({
    packages: [pkg],
    noRecommends: true,
    usedFor: `ApacheDS labs (${jar})`,
    present: (p) => p.exists(jar),
  })),
  {
    // samba-ad-dc brings samba, winbind and the AD database modules (samba-dsdb-modules).
    packages: ['samba-ad-dc'],
    noRecommends: true,
    usedFor: 'Samba AD labs (samba, samba-tool and the AD database modules)',
    present: (p) => p.exists('/usr/sbin/samba') && p.matches('/usr/lib/*/samba/ldb/samba_dsdb.so'),
  },
  {
    packages: ['samba-ad-provision'],
    noRecommends: true,
    usedFor: 'Samba AD labs (the AD schema a domain is provisioned from)',
    present: (p) => p.exists('/usr/share/samba/setup/ad-schema'),
  },
  {
    packages: ['maven'],
    noRecommends: true,
    usedFor: 'fetching the OpenDJ server zip from Maven Central',
    present: (p) => p.onPath('mvn'),
  },
  {
    packages: ['nats-server'],
    noRecommends: false,
    usedFor: 'brokers (dirbench broker start) and the broker tests',
    present: (p) => p.natsServer(),
  },
];

/** The needs this machine lacks, in SYSTEM_NEEDS order. */
export function missingNeeds(
  probe: MachineProbe,
  needs: readonly SystemNeed[] = SYSTEM_NEEDS,
): SystemNeed[] {
  return needs.filter((need) => !need.present(probe));
}

/** The probe of this machine. */
export function machineProbe(env: NodeJS.ProcessEnv = process.env): MachineProbe {
  return {
    exists: (path) => existsSync(path),
    matches: (pattern) => globSync(pattern).length > 0,
    onPath: (command) =>
      (env['PATH'] ?? '')
        .split(delimiter)
        .some((dir) => dir !== '' && isExecutable(join(dir, command))),
    openLdap: () => findOpenLdap().ok,
    ds389: () => findDs389().ok,
    java: () => findJava(env).ok,
    natsServer: () => findNatsServer(natsServerSearchDirs(env)) !== null,
  };
}

// The OpenDJ lab tests give the driver no software folder of their own, so the zip they use is
// the one DIRBENCH_OPENDJ_ZIP names or the local Maven repository's.
const NO_SOFTWARE_DIR = join(tmpdir(), 'dirbench-software-none');

/** Where the OpenDJ lab tests get the server zip from, as far as the set-up is concerned. */
export type OpenDjZipState =
  | { state: 'present'; path: string }
  | { state: 'missing' }
  | { state: 'misnamed'; problem: string };

/** Whether the OpenDJ server zip the lab tests use is there. */
export function openDjZipState(env: NodeJS.ProcessEnv = process.env): OpenDjZipState {
  const path = findOpenDjZip(NO_SOFTWARE_DIR, env);
  if (path !== null) return { state: 'present', path };
  const explicit = env[OPENDJ_ZIP_ENV];
  if (explicit !== undefined && explicit !== '') {
    return {
      state: 'misnamed',
      problem: `${OPENDJ_ZIP_ENV}=${explicit} names no file: point it at the OpenDJ server zip or unset it`,
    };
  }
  return { state: 'missing' };
}

/** The command that puts the OpenDJ server zip into the local Maven repository. */
export const OPENDJ_FETCH_COMMAND: readonly string[] = [
  'mvn',
  '-q',
  '-B',
  'dependency:get',
  '-Dtransitive=false',
  `-Dartifact=${OPENDJ_ARTIFACT}`,
];
