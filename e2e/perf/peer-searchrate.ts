// Performance bar: DirBench against UnboundID's searchrate and modrate on one throwaway slapd, same
// workloads, interleaved in the same run. `npm run bench:peer [-- --quick] [-- --json FILE]`.
//
// Method:
// - One 10,000-entry OpenLDAP lab; one DN file of its person entries (every entry that has the modified
//   attribute), from which both tools pick a random line per operation.
// - Three pairings, 8 connections each: base reads at depth 1 (searchrate -t 8 vs DirBench
//   --connections 8 --depth 1), base reads with 32 requests outstanding in all (searchrate -t 8
//   --asynchronous --maxOutstandingRequests 32, a limit global across threads, vs DirBench
//   --connections 8 --depth 4), and modifies replacing one attribute with a random 10-letter value
//   (modrate vs DirBench --op modify). Searches are anonymous; modifies bind as the lab's root DN.
// - Rounds: each round runs every pairing once, the peer first in odd rounds and DirBench first in
//   even ones, so neither tool always meets the warmer server. The figures are every round's and the
//   median of the rounds for each figure (ratios: the median of the per-round ratios).
// - Throughput is each tool's own figure for its measured window (searchrate/modrate: the overall
//   rate of the last interval line after "Warm-up completed."; DirBench: opsPerSec of `run --json`).
// - Client CPU: /proc/<pid>/stat utime and stime (plus cutime/cstime of reaped children) summed over
//   each tool's whole process tree (the JVM of searchrate/modrate; DirBench's CLI and its forked load
//   workers), sampled twice: when the tool prints the line that ends its warm-up (searchrate's
//   "Warm-up completed.", DirBench's progress line of the last warm-up second) and when it prints its
//   last measured second. CPU per op = CPU used between the samples / seconds between them / the
//   tool's ops/s, so start-up, warm-up and shut-down are excluded. slapd's CPU per op is read the same
//   way over the same window. /proc counts in clock ticks (10 ms): about 0.1% of a 15 s window.
// - Before the rounds, a wire check: each tool runs `-b DN -s base -f "(objectClass=*)"` for a second
//   through a recording proxy (e2e/perf/recordingProxy.ts); the first SearchRequest each sends for
//   that DN must match field for field except the message id and the DN. A mismatch is printed with
//   both hex dumps at once, the benchmark still runs, and the script exits 1 at the end.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LabManager } from '../../src/core/lab/labManager.ts';
import { collectEntries } from '../../src/core/ldap/collectDns.ts';
import { MemoryLabRegistry } from '../integration/fixtures/memoryLabRegistry.ts';
import { machineLine } from './machine.ts';
import { mediansOf, pairingTable, ratiosOf, toolFigures } from './peerReport.ts';
import type { PairingResult, RoundResult, ToolFigures } from './peerReport.ts';
import {
  BARE_NODE_CLIENT,
  bareCommand,
  bareTool,
  DIRBENCH_CLI,
  dirbenchCommand,
  dirbenchTool,
  MODIFY_ATTRIBUTE,
  PAIRING_IDS,
  PAIRINGS,
  peerCommand,
  peerTool,
} from './peerTools.ts';
import type { Pairing, PairingId, PeerSettings } from './peerTools.ts';
import { runTool } from './toolRun.ts';
import type { ToolSpec } from './toolRun.ts';
import { UNBOUNDID_VERSION, unboundIdJar } from './unboundIdJar.ts';
import { checkSameSearchRequest } from './wireCheck.ts';
import type { WireCheckResult } from './wireCheck.ts';

const USAGE =
  'usage: npm run bench:peer -- [--quick] [--rounds N] [--warmup S] [--duration S] [--entries N]\n' +
  '       [--connections N] [--workers N] [--pairings depth1,depth4,modify] [--no-bare] [--wire-only]\n' +
  '       [--json FILE]';

const { values } = parseArgs({
  allowNegative: true,
  options: {
    entries: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '8' },
    warmup: { type: 'string' },
    duration: { type: 'string' },
    rounds: { type: 'string' },
    workers: { type: 'string' },
    pairings: { type: 'string', default: PAIRING_IDS.join(',') },
    // A smoke run of the whole script: 1 round, 2 s warm-up, 5 s measured (explicit options win).
    quick: { type: 'boolean', default: false },
    'wire-only': { type: 'boolean', default: false },
    // The bare Node client runs beside the two tools unless --no-bare.
    bare: { type: 'boolean', default: true },
    json: { type: 'string' },
  },
});

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number >= ${min}, got "${text}"\n${USAGE}`);
  }
  return value;
}

const entries = wholeNumber('entries', values.entries, 100);
const connections = wholeNumber('connections', values.connections, 1);
const warmupS = wholeNumber('warmup', values.warmup ?? (values.quick ? '2' : '5'), 1);
const durationS = wholeNumber('duration', values.duration ?? (values.quick ? '5' : '15'), 1);
const rounds = wholeNumber('rounds', values.rounds ?? (values.quick ? '1' : '3'), 1);
const workers =
  values.workers === undefined ? undefined : wholeNumber('workers', values.workers, 1);
const pairingIds = values.pairings.split(',').map((p) => p.trim()) as PairingId[];
for (const id of pairingIds) {
  if (!PAIRING_IDS.includes(id)) {
    throw new Error(`--pairings takes ${PAIRING_IDS.join(', ')}; got "${id}"\n${USAGE}`);
  }
}

function javaVersion(): string {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 10_000 });
  return /version "([^"]+)"/.exec(out.stderr)?.[1] ?? 'unknown';
}

const loadAverage1m = (): number => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

/** A command line as one could paste it into a shell, the benchmark's own files named without their directories. */
function shellLine(
  { command, args }: { command: string; args: string[] },
  settings: PeerSettings,
): string {
  const files = [
    settings.jar,
    settings.dnFile,
    settings.passwordFile,
    settings.dataDir,
    DIRBENCH_CLI,
    BARE_NODE_CLIENT,
  ];
  const shorten = (a: string): string =>
    files.reduce((text, file) => text.replaceAll(file, path.basename(file)), a);
  const quote = (a: string): string => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a}'`);
  return [path.basename(command), ...args.map((a) => quote(shorten(a)))].join(' ');
}

/** The tools of a round: the peer, DirBench and (unless --no-bare) the bare Node client. */
type Side = 'peer' | 'dirbench' | 'bare';

const SPECS: Readonly<Record<Side, (pairing: Pairing, s: PeerSettings) => ToolSpec>> = {
  peer: peerTool,
  dirbench: dirbenchTool,
  bare: bareTool,
};

/**
 * The order the tools run in a round, rotated each round so that no tool always meets the warmer
 * server: with two tools the peer goes first in odd rounds, with three each takes each place once
 * in three rounds.
 */
function runOrder(round: number): Side[] {
  const sides: Side[] = values.bare ? ['peer', 'dirbench', 'bare'] : ['peer', 'dirbench'];
  const shift = (round - 1) % sides.length;
  return [...sides.slice(shift), ...sides.slice(0, shift)];
}

/** Runs every round of the chosen pairings; prints each round's tools as they finish. */
async function runRounds(settings: PeerSettings): Promise<PairingResult[]> {
  const byPairing = new Map<PairingId, RoundResult[]>(pairingIds.map((id) => [id, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const id of pairingIds) {
      const pairing = PAIRINGS[id];
      const order = runOrder(round);
      const runs: Partial<Record<Side, ToolFigures>> = {};
      for (const side of order) {
        const spec = SPECS[side](pairing, settings);
        process.stderr.write(`Round ${round}/${rounds}, ${id}: ${spec.name}...\n`);
        runs[side] = toolFigures(await runTool(spec));
      }
      const peer = runs.peer as ToolFigures;
      const dirbench = runs.dirbench as ToolFigures;
      const result: RoundResult = {
        round,
        loadAverage1m: loadAverage1m(),
        peer,
        dirbench,
        ratios: ratiosOf(dirbench, peer),
      };
      if (runs.bare !== undefined) {
        result.bare = runs.bare;
        result.bareRatios = ratiosOf(runs.bare, peer);
      }
      byPairing.get(id)?.push(result);
      const figures = (f: ToolFigures): string =>
        `${f.tool} ${f.opsPerSec} ops/s ${f.userUsPerOp}+${f.systemUsPerOp} us/op`;
      process.stdout.write(
        `Round ${round} ${id} (load average ${result.loadAverage1m.toFixed(2)}): ` +
          `${[peer, dirbench, ...(result.bare === undefined ? [] : [result.bare])].map(figures).join(', ')} ` +
          `(user+system); DirBench/peer ${result.ratios.throughput}x ops/s, ${result.ratios.cpuPerOp}x CPU/op\n`,
      );
    }
  }
  return pairingIds.map((id) => {
    const pairing = PAIRINGS[id];
    const results = byPairing.get(id) ?? [];
    return {
      id,
      title: pairing.title(settings),
      peerCommand: shellLine(peerCommand(pairing, settings), settings),
      dirbenchCommand: shellLine(dirbenchCommand(pairing, settings), settings),
      ...(values.bare ? { bareCommand: shellLine(bareCommand(pairing, settings), settings) } : {}),
      rounds: results,
      median: mediansOf(results),
    };
  });
}

async function main(): Promise<number> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'dirbench-peer-'));
  const labs = new LabManager({ dataDir: scratch, registry: new MemoryLabRegistry() });
  // Interrupting the benchmark kills the tool that is running (by PID) before the lab goes.
  const interrupted = new AbortController();
  const cleanUp = async (): Promise<void> => {
    interrupted.abort();
    await labs.stopOwned().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  };
  const onSignal = (): void => {
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const jar = unboundIdJar();
    process.stderr.write(
      `Starting a slapd lab with ${entries.toLocaleString('en-US')} entries...\n`,
    );
    const lab = await labs.start({ kind: 'openldap', entries });
    if (lab.pid === null || lab.port === null) throw new Error('the lab has no pid or port');
    // Only entries that have the attribute the modify pairing replaces (the persons): a modify of an
    // organizational unit would fail on schema, and every entry keeps its shape for the reads.
    const { dns } = await collectEntries(
      { url: lab.url, startTls: false, bindDn: '', password: '', tcpNoDelay: true },
      lab.baseDn,
      100_000,
      [MODIFY_ATTRIBUTE],
    );
    const firstDn = dns[0];
    if (firstDn === undefined) throw new Error(`the lab has no entry with ${MODIFY_ATTRIBUTE}`);
    const dnFile = path.join(scratch, 'dns.txt');
    writeFileSync(dnFile, `${dns.join('\n')}\n`);
    const dataDir = path.join(scratch, 'dirbench-data');
    const environment = {
      date: new Date().toISOString(),
      machine: machineLine(scratch),
      unboundIdSdk: UNBOUNDID_VERSION,
      java: javaVersion(),
      node: process.versions.node,
      server: lab.serverVersion ?? 'OpenLDAP (version unknown)',
    };
    process.stdout.write(
      `Peer benchmark ${environment.date}: ${dns.length.toLocaleString('en-US')} person DNs of a ` +
        `${entries.toLocaleString('en-US')}-entry ${environment.server} lab at ${lab.url}, ` +
        `${connections} connections, ${warmupS} s warm-up + ${durationS} s, ${rounds} round(s)\n` +
        `Machine: ${environment.machine}\n` +
        `UnboundID LDAP SDK ${UNBOUNDID_VERSION}, Java ${environment.java}, Node ${environment.node}\n`,
    );

    process.stderr.write('Wire check: one short run of each tool through a recording proxy...\n');
    const wire: WireCheckResult = await checkSameSearchRequest({
      jar,
      port: lab.port,
      dn: firstDn,
      dataDir,
      signal: interrupted.signal,
    });
    process.stdout.write(`${wire.report}\n`);

    const settings: PeerSettings = {
      jar,
      port: lab.port,
      slapdPid: lab.pid,
      baseDn: lab.baseDn,
      dnFile,
      bindDn: lab.bindDn,
      passwordFile: lab.passwordFile,
      connections,
      warmupS,
      durationS,
      workers,
      dataDir,
      signal: interrupted.signal,
    };
    const pairings = values['wire-only'] ? [] : await runRounds(settings);
    for (const result of pairings) {
      process.stdout.write(
        `\n${result.title}\n  ${result.peerCommand}\n  ${result.dirbenchCommand}\n` +
          (result.bareCommand === undefined ? '' : `  ${result.bareCommand}\n`) +
          `${pairingTable(result)}\n`,
      );
    }
    process.stdout.write(`\nMachine at the end: ${machineLine()}\n`);
    if (values.json !== undefined) {
      const settingsRecord = { entries, connections, warmupS, durationS, rounds, workers };
      writeFileSync(
        values.json,
        `${JSON.stringify({ environment, settings: settingsRecord, wire, pairings }, null, 2)}\n`,
      );
      process.stdout.write(`Results written to ${values.json}\n`);
    }
    if (!wire.equal) {
      process.stderr.write(
        `\nFAILED: the SearchRequests differ beyond message id and DN (see the wire check above).\n`,
      );
      return 1;
    }
    return 0;
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

process.exitCode = await main();
