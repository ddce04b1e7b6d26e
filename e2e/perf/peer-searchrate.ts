// Performance bar: DirBench's engine vs UnboundID's searchrate on one throwaway slapd, same workload, same run.
// Prints each tool's throughput and client CPU microseconds per operation, and DirBench/searchrate ratios.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { LabManager } from '../../src/core/lab/labManager.ts';
import { collectEntryDns } from '../../src/core/ldap/collectDns.ts';
import { MemoryLabRegistry } from '../integration/fixtures/memoryLabRegistry.ts';
import { runTool } from './toolRun.ts';
import { UNBOUNDID_VERSION, unboundIdJar } from './unboundIdJar.ts';
import type { ToolRun } from './toolRun.ts';

const CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '1' },
    workers: { type: 'string' },
  },
});
const entries = Number(values.entries);
const connections = Number(values.connections);
const warmupS = Number(values.warmup);
const durationS = Number(values.duration);
const rounds = Number(values.rounds);
for (const [name, value] of Object.entries({ entries, connections, warmupS, durationS, rounds })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
}
// Each tool gets its run time plus JVM/Node start-up and connect; past that it is killed.
const toolTimeoutMs = (warmupS + durationS + 60) * 1000;

/** UnboundID searchrate: `connections` threads, base reads of random DNs from the file, all user attributes. */
function searchrate(jar: string, port: number, dnFile: string, slapdPid: number): Promise<ToolRun> {
  let warmedUp = false;
  let lastOverall = 0;
  let measuredLines = 0;
  return runTool({
    name: 'searchrate',
    command: 'java',
    args: [
      '-cp',
      jar,
      'com.unboundid.ldap.sdk.examples.SearchRate',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
      '--baseDN',
      `[file:${dnFile}]`,
      '--scope',
      'base',
      '--filter',
      '(objectClass=*)',
      '--numThreads',
      String(connections),
      '--intervalDuration',
      '1',
      '--warmUpIntervals',
      String(warmupS),
      '--numIntervals',
      String(durationS),
    ],
    timeoutMs: toolTimeoutMs,
    serverPid: slapdPid,
    // "Warm-up completed." follows the last warm-up line; each later line is one measured second.
    onLine: (line, stream) => {
      if (stream !== 'stdout') return null;
      if (line.startsWith('Warm-up completed')) {
        warmedUp = true;
        return 'measure-start';
      }
      const columns = line.trim().split(/\s+/).map(Number);
      if (!warmedUp || columns.length !== 6 || columns.some(Number.isNaN)) return null;
      measuredLines++;
      // Column 5 is the overall rate since warm-up ended: the tool's own summary.
      lastOverall = columns[4] as number;
      return measuredLines === durationS ? 'measure-end' : null;
    },
    result: () => ({ opsPerSec: lastOverall }),
  });
}

/** DirBench's `run` command (host + forked workers): the same workload, connections, warm-up and duration. */
function dirbench(
  url: string,
  baseDn: string,
  dataDir: string,
  slapdPid: number,
): Promise<ToolRun> {
  const total = warmupS + durationS;
  let json = '';
  const args = [
    CLI,
    'run',
    '--target',
    url,
    '--base',
    baseDn,
    '--workload',
    'read-random',
    '--connections',
    String(connections),
    '--depth',
    '1',
    '--warmup',
    String(warmupS),
    '--duration',
    String(durationS),
    '--data-dir',
    dataDir,
    '--json',
  ];
  if (values.workers !== undefined) args.push('--workers', values.workers);
  return runTool({
    name: 'dirbench',
    command: process.execPath,
    args,
    timeoutMs: toolTimeoutMs,
    serverPid: slapdPid,
    // Progress lines "[   5/20s] warmup ..." arrive as each second is merged.
    onLine: (line, stream) => {
      if (stream === 'stdout') {
        json += line;
        return null;
      }
      const match = /^\[\s*(\d+)\/(\d+)s\]/.exec(line);
      if (match === null || Number(match[2]) !== total) return null;
      const second = Number(match[1]);
      if (second === warmupS) return 'measure-start';
      return second === total ? 'measure-end' : null;
    },
    result: () => {
      const summary = JSON.parse(json) as { opsPerSec: number; errors: number; status: string };
      if (summary.status !== 'completed' || summary.errors > 0) {
        throw new Error(`dirbench run ${summary.status} with ${summary.errors} errors`);
      }
      return { opsPerSec: summary.opsPerSec };
    },
  });
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function report(runs: ToolRun[]): void {
  for (const run of runs) {
    process.stdout.write(
      `  ${run.name.padEnd(10)} ${fmt(run.opsPerSec, 1).padStart(10)} ops/s   client CPU ${fmt(run.clientCpuUsPerOp, 1).padStart(6)} us/op` +
        ` (${fmt(run.clientCpuPercent)}% of one core; main process ${fmt(run.mainProcessCpuUsPerOp, 1)} us/op)` +
        `   slapd CPU ${fmt(run.serverCpuUsPerOp, 1)} us/op\n`,
    );
  }
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'dirbench-peer-'));
  const labs = new LabManager({ dataDir: scratch, registry: new MemoryLabRegistry() });
  const cleanUp = async (): Promise<void> => {
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
    process.stderr.write(`Starting a slapd lab with ${fmt(entries)} entries...\n`);
    const lab = await labs.start({ kind: 'openldap', entries });
    if (lab.pid === null || lab.port === null) throw new Error('the lab has no pid or port');
    // Both tools read the same DNs: the ones DirBench samples from the server for a --target run.
    const connection = {
      url: lab.url,
      startTls: false,
      bindDn: '',
      password: '',
      tcpNoDelay: true,
    };
    const dns = await collectEntryDns(connection, lab.baseDn, 100_000);
    const dnFile = path.join(scratch, 'dns.txt');
    writeFileSync(dnFile, `${dns.join('\n')}\n`);
    process.stdout.write(
      `Peer benchmark: base-DN reads of ${fmt(dns.length)} random existing DNs, all user attributes, ` +
        `${connections} connections, ${warmupS} s warm-up + ${durationS} s, slapd ${lab.url}\n` +
        `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} CPUs, load average ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(
            ' ',
          )}; UnboundID LDAP SDK ${UNBOUNDID_VERSION}, Java ${javaVersion()}, Node ${process.versions.node}\n`,
    );
    const all: { dirbench: ToolRun; searchrate: ToolRun }[] = [];
    for (let round = 1; round <= rounds; round++) {
      // Alternate the order so neither tool always gets the warmer server.
      const order = round % 2 === 1 ? ['searchrate', 'dirbench'] : ['dirbench', 'searchrate'];
      const result: Partial<Record<'dirbench' | 'searchrate', ToolRun>> = {};
      for (const tool of order) {
        process.stderr.write(`Round ${round}: ${tool}...\n`);
        result[tool as 'dirbench' | 'searchrate'] =
          tool === 'searchrate'
            ? await searchrate(jar, lab.port, dnFile, lab.pid)
            : await dirbench(lab.url, lab.baseDn, path.join(scratch, 'dirbench-data'), lab.pid);
      }
      const pair = result as { dirbench: ToolRun; searchrate: ToolRun };
      all.push(pair);
      process.stdout.write(`Round ${round} (load average ${os.loadavg()[0]?.toFixed(2)}):\n`);
      report([pair.searchrate, pair.dirbench]);
      printRatios(pair.dirbench, pair.searchrate);
    }
    if (rounds > 1) {
      const sum = (tool: 'dirbench' | 'searchrate', key: 'opsPerSec' | 'clientCpuUsPerOp') =>
        all.reduce((s, r) => s + r[tool][key], 0) / all.length;
      process.stdout.write(`Mean of ${rounds} rounds:\n`);
      printRatios(
        {
          opsPerSec: sum('dirbench', 'opsPerSec'),
          clientCpuUsPerOp: sum('dirbench', 'clientCpuUsPerOp'),
        },
        {
          opsPerSec: sum('searchrate', 'opsPerSec'),
          clientCpuUsPerOp: sum('searchrate', 'clientCpuUsPerOp'),
        },
      );
    }
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function printRatios(
  d: Pick<ToolRun, 'opsPerSec' | 'clientCpuUsPerOp'>,
  s: Pick<ToolRun, 'opsPerSec' | 'clientCpuUsPerOp'>,
): void {
  const throughput = d.opsPerSec / s.opsPerSec;
  const cpu = d.clientCpuUsPerOp / s.clientCpuUsPerOp;
  process.stdout.write(
    `  throughput ratio DirBench/searchrate ${throughput.toFixed(2)}x (target >= 1.00)   ` +
      `client CPU/op ratio ${cpu.toFixed(2)}x (target <= 0.75)\n`,
  );
}

function javaVersion(): string {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 10_000 });
  return /version "([^"]+)"/.exec(out.stderr)?.[1] ?? 'unknown';
}

await main();
