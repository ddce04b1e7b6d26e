// The three pairings of the peer benchmark: how UnboundID's rate tools and DirBench are started for
// each, and how their output marks the measured window.
import { fileURLToPath } from 'node:url';
import type { ToolSpec } from './toolRun.ts';

/** DirBench's command line entry, run with this Node. */
export const DIRBENCH_CLI = fileURLToPath(new URL('../../src/cli/bin.mjs', import.meta.url));
/** The bare Node client: the floor under any Node load tool, run with this Node. */
export const BARE_NODE_CLIENT = fileURLToPath(new URL('./bareNodeClient.ts', import.meta.url));

/** The class names of UnboundID's rate tools in the SDK jar. */
const UNBOUNDID_CLASS = {
  searchrate: 'com.unboundid.ldap.sdk.examples.SearchRate',
  modrate: 'com.unboundid.ldap.sdk.examples.ModRate',
} as const;

/**
 * Columns of a measured interval line: searchrate prints 6 (recent searches/s, avg ms, entries/search,
 * errors/s, overall searches/s, overall avg ms), modrate 5 (recent mods/s, avg ms, errors/s, overall
 * mods/s, overall avg ms). Both count failed operations in their rates, so errors must stay at 0.
 */
const INTERVAL_COLUMNS: Readonly<
  Record<
    'searchrate' | 'modrate',
    { count: number; overallRate: number; errors: number; entries?: number }
  >
> = {
  searchrate: { count: 6, overallRate: 4, errors: 3, entries: 2 },
  modrate: { count: 5, overallRate: 3, errors: 2 },
};

/** The attribute both modify tools replace (every person has one, so each entry keeps its shape). */
export const MODIFY_ATTRIBUTE = 'title';
/** Letters in the random lowercase value both modify tools write (modrate's default length). */
export const MODIFY_VALUE_LENGTH = 10;

/** What every tool run of one benchmark shares. */
export interface PeerSettings {
  jar: string;
  /** slapd's port on 127.0.0.1 and its PID (for its CPU per op). */
  port: number;
  slapdPid: number;
  /** The naming context DirBench is pointed at (`--base`); the entries are below it. */
  baseDn: string;
  /** One existing person DN a line: both tools pick lines from it at random. */
  dnFile: string;
  /** The lab's root DN and a file holding its password (modify runs bind as it). */
  bindDn: string;
  passwordFile: string;
  connections: number;
  warmupS: number;
  durationS: number;
  /** DirBench's load worker processes; its default (cores - 1) when undefined. */
  workers: number | undefined;
  dataDir: string;
  /** Kills a running tool when the benchmark is interrupted. */
  signal: AbortSignal;
}

/** Which pairing: base reads one request at a time, base reads 4 per connection, or modifies. */
export type PairingId = 'depth1' | 'depth4' | 'modify';

/** Every pairing, in the order each round runs them. */
export const PAIRING_IDS: readonly PairingId[] = ['depth1', 'depth4', 'modify'];

/** One pairing: the same workload as the peer tool and as DirBench. */
export interface Pairing {
  id: PairingId;
  /** What is compared, with both tools' key options. */
  title(s: PeerSettings): string;
  peerName: keyof typeof UNBOUNDID_CLASS;
  /** Entries each operation must return (base reads of existing DNs: 1), so both tools did the same work. */
  entriesPerOp?: number;
  /** The peer's tool-specific options (hostname, port, intervals and warm-up are added to them). */
  peerArgs(s: PeerSettings): string[];
  /** DirBench's `run` options for the workload (target, intervals and output are added to them). */
  dirbenchArgs(s: PeerSettings): string[];
  /** The bare Node client's options for the workload (port, DN file and intervals are added to them). */
  bareArgs(s: PeerSettings): string[];
}

const baseReadPeer = (s: PeerSettings): string[] => [
  '--baseDN',
  `[file:${s.dnFile}]`,
  '--scope',
  'base',
  '--filter',
  '(objectClass=*)',
];
const baseReadDirbench = (s: PeerSettings): string[] => [
  '--op',
  'search',
  '--base',
  `[file:${s.dnFile}]`,
  '--scope',
  'base',
  '--filter',
  '(objectClass=*)',
];

/** The modify workload as DirBench and the bare Node client both spell it, bound as the lab's root DN. */
const modifyArgs = (s: PeerSettings): string[] => [
  '--bind-dn',
  s.bindDn,
  '--password-file',
  s.passwordFile,
  '--op',
  'modify',
  '--attribute',
  MODIFY_ATTRIBUTE,
  '--value-length',
  String(MODIFY_VALUE_LENGTH),
  '--connections',
  String(s.connections),
  '--depth',
  '1',
];

/** The pairings by id. */
export const PAIRINGS: Readonly<Record<PairingId, Pairing>> = {
  depth1: {
    id: 'depth1',
    title: (s) =>
      `base reads, depth 1: searchrate -t ${s.connections} vs dirbench --connections ${s.connections} --depth 1`,
    peerName: 'searchrate',
    entriesPerOp: 1,
    peerArgs: (s) => [...baseReadPeer(s), '--numThreads', String(s.connections)],
    dirbenchArgs: (s) => [
      ...baseReadDirbench(s),
      '--connections',
      String(s.connections),
      '--depth',
      '1',
    ],
    bareArgs: (s) => ['--op', 'search', '--connections', String(s.connections), '--depth', '1'],
  },
  depth4: {
    id: 'depth4',
    title: (s) =>
      `base reads, depth 4: searchrate -t ${s.connections} --asynchronous --maxOutstandingRequests ${s.connections * 4}` +
      ` vs dirbench --connections ${s.connections} --depth 4`,
    peerName: 'searchrate',
    entriesPerOp: 1,
    // SearchRate.doToolProcessing() makes ONE java.util.concurrent.Semaphore of
    // --maxOutstandingRequests permits and hands it to every SearchRateThread; each thread acquires a
    // permit before connection.asyncSearch() (SearchRateThread.run()) and SearchRateAsyncListener
    // releases it when the search completes (SDK 7.0.5 sources jar). So the limit is global across all
    // threads: 32 outstanding in all over 8 connections, 4 per connection on average but not fixed per
    // connection as DirBench's depth is.
    peerArgs: (s) => [
      ...baseReadPeer(s),
      '--numThreads',
      String(s.connections),
      '--asynchronous',
      '--maxOutstandingRequests',
      String(s.connections * 4),
    ],
    dirbenchArgs: (s) => [
      ...baseReadDirbench(s),
      '--connections',
      String(s.connections),
      '--depth',
      '4',
    ],
    bareArgs: (s) => ['--op', 'search', '--connections', String(s.connections), '--depth', '4'],
  },
  modify: {
    id: 'modify',
    title: (s) =>
      `modify (replace ${MODIFY_ATTRIBUTE} with ${MODIFY_VALUE_LENGTH} random letters): modrate -t ${s.connections}` +
      ` vs dirbench --op modify --connections ${s.connections}`,
    peerName: 'modrate',
    peerArgs: (s) => [
      '--bindDN',
      s.bindDn,
      '--bindPasswordFile',
      s.passwordFile,
      '--entryDN',
      `[file:${s.dnFile}]`,
      '--attribute',
      MODIFY_ATTRIBUTE,
      '--valueLength',
      String(MODIFY_VALUE_LENGTH),
      '--numThreads',
      String(s.connections),
    ],
    dirbenchArgs: (s) => [...modifyArgs(s), '--entry-dn', `[file:${s.dnFile}]`],
    // The bare client takes DirBench's option names; its DN file comes with --dn-file.
    bareArgs: modifyArgs,
  },
};

/** The peer tool's whole command line for one pairing. */
export function peerCommand(
  pairing: Pairing,
  s: PeerSettings,
): { command: string; args: string[] } {
  return {
    command: 'java',
    args: [
      '-cp',
      s.jar,
      UNBOUNDID_CLASS[pairing.peerName],
      '--hostname',
      '127.0.0.1',
      '--port',
      String(s.port),
      ...pairing.peerArgs(s),
      '--intervalDuration',
      '1',
      '--warmUpIntervals',
      String(s.warmupS),
      '--numIntervals',
      String(s.durationS),
    ],
  };
}

/** DirBench's whole command line for one pairing. */
export function dirbenchCommand(
  pairing: Pairing,
  s: PeerSettings,
): { command: string; args: string[] } {
  const args = [
    DIRBENCH_CLI,
    'run',
    '--target',
    `ldap://127.0.0.1:${s.port}`,
    '--base',
    s.baseDn,
    ...pairing.dirbenchArgs(s),
    '--warmup',
    String(s.warmupS),
    '--duration',
    String(s.durationS),
    '--data-dir',
    s.dataDir,
    '--json',
  ];
  if (s.workers !== undefined) args.push('--workers', String(s.workers));
  return { command: process.execPath, args };
}

/** The bare Node client's whole command line for one pairing. */
export function bareCommand(
  pairing: Pairing,
  s: PeerSettings,
): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [
      BARE_NODE_CLIENT,
      '--port',
      String(s.port),
      '--dn-file',
      s.dnFile,
      ...pairing.bareArgs(s),
      '--warmup',
      String(s.warmupS),
      '--duration',
      String(s.durationS),
    ],
  };
}

// Each tool gets its run time plus JVM/Node start-up and connect; past that it is killed.
const timeoutMs = (s: PeerSettings): number => (s.warmupS + s.durationS + 60) * 1000;

/**
 * The peer tool for one pairing. Its window: "Warm-up completed." follows the last warm-up interval,
 * and each later interval line is one measured second, so the window ends with the `durationS`-th.
 */
export function peerTool(pairing: Pairing, s: PeerSettings): ToolSpec {
  const columns = INTERVAL_COLUMNS[pairing.peerName];
  let warmedUp = false;
  let measuredLines = 0;
  let lastOverall = 0;
  let errorsPerS = 0;
  const entriesPerOp: number[] = [];
  return {
    name: pairing.peerName,
    ...peerCommand(pairing, s),
    timeoutMs: timeoutMs(s),
    serverPid: s.slapdPid,
    signal: s.signal,
    onLine: (line, stream) => {
      if (stream !== 'stdout') return null;
      if (line.startsWith('Warm-up completed')) {
        warmedUp = true;
        return 'measure-start';
      }
      const values = line.trim().split(/\s+/).map(Number);
      if (!warmedUp || values.length !== columns.count || values.some(Number.isNaN)) return null;
      measuredLines++;
      // The overall rate since warm-up ended: the tool's own summary of the measured window.
      lastOverall = values[columns.overallRate] as number;
      errorsPerS += values[columns.errors] as number;
      if (columns.entries !== undefined) entriesPerOp.push(values[columns.entries] as number);
      return measuredLines === s.durationS ? 'measure-end' : null;
    },
    result: () => {
      if (errorsPerS > 0) {
        throw new Error(
          `${pairing.peerName} reported errors in its measured window (${errorsPerS} errors/s summed)`,
        );
      }
      const wrong = entriesPerOp.find((e) => e !== pairing.entriesPerOp);
      if (pairing.entriesPerOp !== undefined && wrong !== undefined) {
        throw new Error(
          `${pairing.peerName} returned ${wrong} entries per search, not ${pairing.entriesPerOp}`,
        );
      }
      return { opsPerSec: lastOverall };
    },
  };
}

/**
 * DirBench for one pairing. Its window: the progress line of second `warmupS` ("[   5/20s] ...", on
 * stderr as each second is merged) ends the warm-up, and that of the last second ends the run.
 */
export function dirbenchTool(pairing: Pairing, s: PeerSettings): ToolSpec {
  const total = s.warmupS + s.durationS;
  let json = '';
  return {
    name: 'dirbench',
    ...dirbenchCommand(pairing, s),
    timeoutMs: timeoutMs(s),
    serverPid: s.slapdPid,
    signal: s.signal,
    onLine: (line, stream) => {
      if (stream === 'stdout') {
        json += line;
        return null;
      }
      const match = /^\[\s*(\d+)\/(\d+)s\]/.exec(line);
      if (match === null || Number(match[2]) !== total) return null;
      const second = Number(match[1]);
      if (second === s.warmupS) return 'measure-start';
      return second === total ? 'measure-end' : null;
    },
    result: () => {
      const summary = JSON.parse(json) as {
        opsPerSec: number;
        errors: number;
        status: string;
        entriesPerOp: number;
      };
      if (summary.status !== 'completed' || summary.errors > 0) {
        throw new Error(`dirbench run ${summary.status} with ${summary.errors} errors`);
      }
      if (pairing.entriesPerOp !== undefined && summary.entriesPerOp !== pairing.entriesPerOp) {
        throw new Error(
          `dirbench returned ${summary.entriesPerOp} entries per search, not ${pairing.entriesPerOp}`,
        );
      }
      return { opsPerSec: summary.opsPerSec };
    },
  };
}

/**
 * The bare Node client for one pairing. Its window: "Warm-up completed." after the last warm-up
 * second, then one "second N ops M" line per measured second; its JSON summary comes last.
 */
export function bareTool(pairing: Pairing, s: PeerSettings): ToolSpec {
  let summary: { opsPerSec: number; errors: number; entriesPerOp: number } | null = null;
  return {
    name: 'bare-node',
    ...bareCommand(pairing, s),
    timeoutMs: timeoutMs(s),
    serverPid: s.slapdPid,
    signal: s.signal,
    onLine: (line, stream) => {
      if (stream !== 'stdout') return null;
      if (line.startsWith('Warm-up completed')) return 'measure-start';
      if (line.startsWith('{')) summary = JSON.parse(line) as typeof summary;
      return line.startsWith(`second ${s.durationS} ops `) ? 'measure-end' : null;
    },
    result: () => {
      if (summary === null) throw new Error('the bare Node client printed no summary');
      if (summary.errors > 0) {
        throw new Error(`the bare Node client had ${summary.errors} errors`);
      }
      const entries = Math.round(summary.entriesPerOp * 100) / 100;
      if (pairing.entriesPerOp !== undefined && entries !== pairing.entriesPerOp) {
        throw new Error(
          `the bare Node client returned ${entries} entries per search, not ${pairing.entriesPerOp}`,
        );
      }
      return { opsPerSec: summary.opsPerSec };
    },
  };
}
