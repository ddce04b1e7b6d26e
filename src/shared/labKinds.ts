// One row per lab kind: all DirBench says or decides about a kind besides its driver code (its
// names, how a root DSE names it, its monitor, the form's words, what it can do, how it is
// installed, how long it takes to build). `LabKind` is derived from the rows, so a row missing a
// field, or any table keyed by kind missing a kind, does not compile. Each kind's driver code lives
// in src/core/lab/<kind>/ and is registered in src/core/lab/drivers.ts under the same key.
import type { LabBuildFigure, LabKindRow } from './labKindRow.ts';

/** Loads over LDAP where none was measured: 400 adds a second, DirBench's figure before measuring. */
const UNMEASURED_PROTOCOL: LabBuildFigure['protocol'] = [
  [1_000, 2.5],
  [10_000, 25],
];

/*
 * Build figures (2-core AMD EPYC, Debian 12, 2026-11 and 12): loads are the measured ones of the
 * lab notebook (docs/measurements/lab-loads.md), on the quiet machine. Setup is the rest of a
 * build (instance, start, count), from
 * `lab start KIND --entries 2000` minus its generation, load and CLI start, measured 2026-12-06 at
 * load average 7-14 (openldap 2.2 s, 389ds 2.1 s, opendj 36-48 s, apacheds 13-15 s) and taken at
 * about a third for the JVM servers, whose loads that busy machine slowed 4-5 times; a campaign
 * corrects them by its own builds.
 */
const ROWS = {
  openldap: {
    title: 'OpenLDAP',
    family: { name: 'OpenLDAP', pattern: /openldap/i },
    vendor: 'OpenLDAP',
    rootDse: { objectClass: 'openldaprootdse', monitorContext: true },
    monitor: {
      read: true,
      withoutContext:
        'has no monitor database (not exposed): add "database monitor" to its configuration to expose cn=Monitor',
    },
    form: {
      loader: 'slapadd',
      loadHint: 'About 40 s per million entries with slapadd; 10M need about 11 GB of disk.',
    },
    capabilities: { tls: true, replicas: true },
    install: {
      from: 'package',
      hint:
        'OpenLDAP slapd is not installed. On Debian/Ubuntu: sudo apt-get install slapd ldap-utils ' +
        '(Fedora/RHEL: sudo dnf install openldap-servers openldap-clients; macOS: brew install openldap)',
    },
    // slapadd, cn eq,sub,pres: the ladder to 10M (10,841 entries/s there).
    build: {
      setupS: 2,
      offline: [
        [10_000, 0.3],
        [100_000, 3.9],
        [1_000_000, 61.7],
        [10_000_000, 922.4],
      ],
      protocol: UNMEASURED_PROTOCOL,
    },
  },
  '389ds': {
    title: '389 Directory Server',
    family: { name: '389 DS', pattern: /389|fedora.?directory/i },
    relatives: [{ name: 'Red Hat DS', pattern: /red hat.?directory/i }],
    vendor: '389 Project',
    monitor: { read: true },
    form: { loader: 'ldif2db' },
    capabilities: { tls: false, replicas: true },
    install: {
      from: 'package',
      hint:
        '389 Directory Server is not installed. On Debian/Ubuntu: sudo apt-get install 389-ds-base ' +
        '(Fedora/RHEL: sudo dnf install 389-ds-base)',
    },
    // ns-slapd ldif2db; setup: the instance from its template, started and counted.
    build: {
      setupS: 3,
      offline: [
        [10_000, 1.5],
        [100_000, 7.5],
      ],
      protocol: UNMEASURED_PROTOCOL,
    },
  },
  opendj: {
    title: 'OpenDJ',
    family: { name: 'OpenDJ', pattern: /opendj|open identity platform/i },
    relatives: [
      { name: 'ForgeRock DS', pattern: /forgerock/i },
      { name: 'Wren:DS', pattern: /wren/i },
    ],
    vendor: 'OpenDJ',
    monitor: { read: true },
    form: { loader: 'import-ldif' },
    capabilities: { tls: false, replicas: true },
    install: { from: 'download', fetches: 'the OpenDJ 4.9 server zip from Maven Central' },
    // import-ldif --offline; setup: unzip, setup and settings of a JVM server, then its start.
    build: {
      setupS: 15,
      offline: [
        [10_000, 3.8],
        [100_000, 10.0],
      ],
      protocol: UNMEASURED_PROTOCOL,
    },
  },
  apacheds: {
    title: 'ApacheDS',
    family: { name: 'ApacheDS', pattern: /apache/i },
    vendor: 'Apache Software Foundation',
    monitor: { read: false, why: 'ApacheDS exposes no cn=monitor over LDAP' },
    form: {
      loader: 'LDAP adds',
      offlineLoad: 'LDAP adds to a private start of the server, before the lab opens',
      loadHint:
        'ApacheDS has no offline import: its server is started privately and the LDIF added over LDAP, about 40 s for 10K entries here; keep to 100K or less.',
      notes:
        "The administrator is ApacheDS's own uid=admin,ou=system, whatever the suffix. " +
        'An index profile becomes one JDBM index per attribute: it serves equality, presence and substring filters alike.',
    },
    capabilities: { tls: false, replicas: false },
    install: {
      from: 'package',
      // Every package the jars of src/core/lab/apacheds/install.ts come from (its test checks).
      hint:
        'ApacheDS is not installed. On Debian/Ubuntu: sudo apt-get install apacheds libapache-directory-api-java ' +
        'libapache-directory-jdbm-java libbcprov-java libcommons-lang-java libcommons-pool-java libdom4j-java ' +
        'libmavibot-java libmina2-java libxpp3-java libcaffeine-java libcommons-collections4-java ' +
        'libcommons-lang3-java libcommons-text-java libcommons-pool2-java libcommons-codec-java ' +
        "(Debian's apacheds 2.0.0~M26 package does not pull in all the libraries it needs)",
    },
    // No offline tool: adds over LDAP on 8 connections to a server started privately.
    build: {
      setupS: 5,
      offline: [
        [10_000, 36.2],
        [100_000, 600.9],
      ],
      protocol: [
        [10_000, 36.2],
        [100_000, 600.9],
      ],
    },
  },
  'samba-ad': {
    title: 'Samba AD',
    family: { name: 'Samba AD', pattern: /samba/i },
    vendor: 'Samba',
    rootDse: { activeDirectory: true },
    monitor: {
      read: false,
      why: 'Samba AD has no cn=monitor (like Active Directory, it keeps no LDAP operation counters readable over LDAP)',
    },
    form: {
      loader: 'ldb adds',
      loadHint:
        'ldb adds load the LDIF into the stopped domain, about 40 s for 10K entries; Samba AD labs hold at most 250,000 entries.',
      notes:
        'An Active Directory domain controller (domain DC=dirbench,DC=test) on a loopback address of its own, port 389. ' +
        'Simple binds over plain LDAP are allowed (ldap server require strong auth = no). ' +
        'AD authenticates only accounts of its domain, so the study tree lives there (c=gb,DC=dirbench,DC=test) and runs move their DNs onto it; the people are enabled accounts with their passwords, so binds as them work. ' +
        'Samba indexes for equality only: sub and pres in an index profile are not built.',
    },
    capabilities: { tls: false, replicas: false },
    install: {
      from: 'package',
      hint:
        'Samba (as an AD domain controller) is not installed. On Debian/Ubuntu: sudo apt-get install ' +
        '--no-install-recommends samba samba-ad-dc samba-ad-provision',
    },
    // Provisioning about 3 s, starting about 1 s; loads with the persons' NT hashes (2026-11-28).
    build: {
      setupS: 5,
      offline: [
        [2_000, 2.8],
        [10_000, 40.4],
      ],
      protocol: [
        [2_000, 12.6],
        [10_000, 113.6],
      ],
    },
  },
} satisfies Record<string, LabKindRow>;

/** A lab server kind (core has one driver for each). */
export type LabKind = keyof typeof ROWS;

/** Every lab kind's row, by kind: OpenLDAP slapd, 389 Directory Server, OpenDJ, ApacheDS, Samba AD. */
export const LAB_KINDS: Readonly<Record<LabKind, LabKindRow>> = ROWS;

/** The lab kinds in the order pickers, help and an unknown server's monitor probe take them. */
export const LAB_KIND_LIST = Object.keys(ROWS) as readonly LabKind[];

/** True when `value` names a lab kind. */
export function isLabKind(value: unknown): value is LabKind {
  return typeof value === 'string' && Object.hasOwn(ROWS, value);
}

/** The kind forms and new matrices start with when nothing else decides. */
export const DEFAULT_LAB_KIND: LabKind = 'openldap';

/** A table by kind derived from the rows, e.g. each kind's build figures. */
export function mapLabKinds<T>(pick: (row: LabKindRow, kind: LabKind) => T): Record<LabKind, T> {
  return Object.fromEntries(
    LAB_KIND_LIST.map((kind) => [kind, pick(LAB_KINDS[kind], kind)]),
  ) as Record<LabKind, T>;
}

/** The kinds whose row `has`, in list order. */
export function labKindsWhere(has: (row: LabKindRow) => boolean): LabKind[] {
  return LAB_KIND_LIST.filter((kind) => has(LAB_KINDS[kind]));
}

/** Family names of `kinds` as words: "OpenLDAP, 389 DS and OpenDJ". */
export function familyWords(kinds: readonly LabKind[]): string {
  const names = kinds.map((kind) => LAB_KINDS[kind].family.name);
  const last = names.pop();
  return names.length === 0 ? (last ?? '') : `${names.join(', ')} and ${last ?? ''}`;
}
