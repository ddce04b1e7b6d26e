// How long a lab takes to build, by kind and load method: the measured figures a matrix estimate
// and a campaign's time left start from, before the campaign has timed builds of its own. Loads
// are those of docs/measurements/lab-loads.md (10K to 10M into OpenLDAP, five lab kinds, Samba
// AD), on the quiet 2-core machine. Setup is the rest of a build
// (instance, start, count), from `lab start KIND --entries 2000` minus its generation, load and
// CLI start, measured 2026-12-06 at load average 7-14 (openldap 2.2 s, 389ds 2.1 s, opendj 36-48
// s, apacheds 13-15 s) and taken at about a third for the JVM servers, whose loads that busy
// machine slowed 4-5 times; a campaign corrects them by its own builds.
import type { LabKind, LabLoadMethod } from './labTypes.ts';

/** A measured load: `seconds` to load `entries`. */
export type LoadPoint = readonly [entries: number, seconds: number];

/** One lab kind's build. */
export interface LabBuildFigure {
  /** Seconds besides generating and loading: creating the instance, starting it, counting. */
  setupS: number;
  /** Loads by the server's own offline tool, by size ascending. */
  offline: readonly LoadPoint[];
  /** Loads over LDAP (8 connections), by size ascending. */
  protocol: readonly LoadPoint[];
}

/** Entries DirBench generates per second (Salford shape: 0.7-0.9M/s measured; kept low for busy machines). */
export const GENERATE_ENTRIES_PER_S = 500_000;

/** Loads over LDAP where none was measured: 400 adds a second, DirBench's figure before this table. */
const UNMEASURED_PROTOCOL: readonly LoadPoint[] = [
  [1_000, 2.5],
  [10_000, 25],
];

/** Each lab kind's figures (2-core AMD EPYC, Debian 12, 2026-11 and 12). */
export const LAB_BUILD_FIGURES: Readonly<Record<LabKind, LabBuildFigure>> = {
  // slapadd, cn eq,sub,pres: the ladder to 10M (10,841 entries/s there).
  openldap: {
    setupS: 2,
    offline: [
      [10_000, 0.3],
      [100_000, 3.9],
      [1_000_000, 61.7],
      [10_000_000, 922.4],
    ],
    protocol: UNMEASURED_PROTOCOL,
  },
  // ns-slapd ldif2db; setup: the instance from its template, started and counted.
  '389ds': {
    setupS: 3,
    offline: [
      [10_000, 1.5],
      [100_000, 7.5],
    ],
    protocol: UNMEASURED_PROTOCOL,
  },
  // import-ldif --offline; setup: unzip, setup and settings of a JVM server, then its start.
  opendj: {
    setupS: 15,
    offline: [
      [10_000, 3.8],
      [100_000, 10.0],
    ],
    protocol: UNMEASURED_PROTOCOL,
  },
  // No offline tool: adds over LDAP on 8 connections to a server started privately.
  apacheds: {
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
  // Provisioning about 3 s, starting about 1 s; loads with the persons' NT hashes (2026-11-28).
  'samba-ad': {
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
};

/**
 * Seconds to load `entries` by measured `points`: between two points along the straight line
 * through them on log-log axes; beyond the last along the last two (at least in proportion: a
 * load never gets cheaper per entry); below the first in proportion to it.
 */
export function loadSFromPoints(points: readonly LoadPoint[], entries: number): number {
  const [first, second] = points;
  if (first === undefined || entries <= 0) return 0;
  if (second === undefined || entries <= first[0]) return (first[1] * entries) / first[0];
  // The segment holding `entries`, or the last one.
  let i = 0;
  while (i < points.length - 2 && entries > (points[i + 1] as LoadPoint)[0]) i++;
  const lower = points[i] as LoadPoint;
  const upper = points[i + 1] as LoadPoint;
  const slope = Math.log(upper[1] / lower[1]) / Math.log(upper[0] / lower[0]);
  if (entries > upper[0]) return upper[1] * (entries / upper[0]) ** Math.max(1, slope);
  return lower[1] * (entries / lower[0]) ** slope;
}

/** Seconds to generate, load, set up and start a lab of `kind` with `entries` by `figure`. */
export function figureBuildS(
  figure: LabBuildFigure,
  load: LabLoadMethod,
  entries: number,
  generateEntriesPerS = GENERATE_ENTRIES_PER_S,
): number {
  const points = load === 'protocol' ? figure.protocol : figure.offline;
  return entries / generateEntriesPerS + loadSFromPoints(points, entries) + figure.setupS;
}
