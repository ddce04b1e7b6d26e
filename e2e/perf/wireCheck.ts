// Checks that searchrate and DirBench send the same SearchRequest for a base read of one DN: each runs
// briefly through a recording proxy, and the first SearchRequest for that DN is compared field by field.
import {
  compareSearchRequests,
  describeDifferences,
  hexDump,
  parseSearchRequest,
} from '../../src/core/testing/searchRequestWire.ts';
import type { WireDifference } from '../../src/core/testing/searchRequestWire.ts';
import { DIRBENCH_CLI } from './peerTools.ts';
import { startRecordingProxy } from './recordingProxy.ts';
import { runCommand } from './toolRun.ts';

/** What the check found. */
export interface WireCheckResult {
  dn: string;
  equal: boolean;
  differences: WireDifference[];
  /** The compared messages, as hex. */
  searchrateHex: string;
  dirbenchHex: string;
  /** Text for the console: the verdict, each difference, and both hex dumps. */
  report: string;
}

/** Where the tools run against. */
export interface WireCheckSettings {
  jar: string;
  /** slapd's port on 127.0.0.1. */
  port: number;
  /** The existing entry both tools read (their search base). */
  dn: string;
  dataDir: string;
  /** Kills a running tool when the benchmark is interrupted. */
  signal?: AbortSignal;
}

// One connection for one second in the closed model, as the benchmark runs (same code path, same
// requests); the proxy keeps only the first few requests.
const RUN_TIMEOUT_MS = 60_000;

/** Runs one tool through a fresh proxy; returns the first SearchRequest it sent for `dn`. */
async function recordFirstSearch(
  name: string,
  s: WireCheckSettings,
  command: (proxyPort: number) => { command: string; args: string[] },
): Promise<Buffer> {
  const { port, dn } = s;
  const proxy = await startRecordingProxy({ targetPort: port });
  try {
    const { command: file, args } = command(proxy.port);
    await runCommand(name, file, args, RUN_TIMEOUT_MS, s.signal);
  } finally {
    await proxy.close();
  }
  // DirBench reads the root DSE first (base ""), for the run's record: the load's requests name the DN.
  const first = proxy.searches().find((search) => search.baseDn === dn);
  if (first === undefined) {
    const seen = proxy.searches().map((search) => `"${search.baseDn}"`);
    throw new Error(
      `${name} sent no SearchRequest for ${dn} through the proxy (saw ${seen.length === 0 ? 'none' : seen.join(', ')}` +
        `${proxy.unreadable().length === 0 ? '' : `; unreadable: ${proxy.unreadable().join('; ')}`})`,
    );
  }
  return first.bytes;
}

/** Runs both tools for `-b DN -s base -f (objectClass=*)` and compares their first SearchRequest. */
export async function checkSameSearchRequest(s: WireCheckSettings): Promise<WireCheckResult> {
  const searchrate = await recordFirstSearch('searchrate', s, (proxyPort) => ({
    command: 'java',
    args: [
      '-cp',
      s.jar,
      'com.unboundid.ldap.sdk.examples.SearchRate',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(proxyPort),
      '--baseDN',
      s.dn,
      '--scope',
      'base',
      '--filter',
      '(objectClass=*)',
      '--numThreads',
      '1',
      '--intervalDuration',
      '1',
      '--numIntervals',
      '1',
    ],
  }));
  const dirbench = await recordFirstSearch('dirbench', s, (proxyPort) => ({
    command: process.execPath,
    args: [
      DIRBENCH_CLI,
      'run',
      '--target',
      `ldap://127.0.0.1:${proxyPort}`,
      '--op',
      'search',
      '--base',
      s.dn,
      '--scope',
      'base',
      '--filter',
      '(objectClass=*)',
      '--connections',
      '1',
      '--workers',
      '1',
      '--warmup',
      '0',
      '--duration',
      '1',
      '--data-dir',
      s.dataDir,
      '--json',
    ],
  }));
  const left = parseSearchRequest(searchrate);
  const right = parseSearchRequest(dirbench);
  if (left === null || right === null) throw new Error('the proxy recorded a non-search message');
  const differences = compareSearchRequests(left, right);
  const equal = differences.length === 0;
  const report = [
    equal
      ? `Wire check: searchrate and DirBench send the same SearchRequest for a base read of ${s.dn} (message id and DN aside).`
      : `Wire check FAILED: the SearchRequests for a base read of ${s.dn} differ beyond message id and DN:\n` +
        describeDifferences(differences, 'searchrate', 'dirbench'),
    `searchrate (message id ${left.messageId}, ${searchrate.length} bytes):`,
    hexDump(searchrate),
    `dirbench (message id ${right.messageId}, ${dirbench.length} bytes):`,
    hexDump(dirbench),
  ].join('\n');
  return {
    dn: s.dn,
    equal,
    differences,
    searchrateHex: searchrate.toString('hex'),
    dirbenchHex: dirbench.toString('hex'),
    report,
  };
}
