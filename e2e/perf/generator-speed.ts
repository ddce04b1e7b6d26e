// Performance bar for the LDIF generators, measured side by side in one run: OpenDJ's makeldif and DirBench on
// OpenDJ's own example.template (same lists), then DirBench's Salford shape. Prints wall and CPU seconds,
// entries/s and the ratios, with the machine they ran on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateDataset } from '../../src/core/datagen/generate.ts';
import type { GenerateSource } from '../../src/core/datagen/generate.ts';

/** The OpenDJ release measured against (the server zip ships bin/makeldif and its templates). */
const OPENDJ_VERSION = '4.9.4';
const OPENDJ_ARTIFACT = `org.openidentityplatform.opendj:opendj-server-legacy:${OPENDJ_VERSION}:zip`;
const SELF = fileURLToPath(import.meta.url);
/** Targets the issue sets: 3x makeldif on example.template, 500,000 Salford entries/s. */
const TEMPLATE_RATIO_TARGET = 3;
const SALFORD_RATE_TARGET = 500_000;

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '1' },
    // Internal: run one DirBench generation in this child process and print its result as JSON.
    child: { type: 'string' },
  },
});

/** One tool run: wall and CPU seconds (the process and everything it started), entries and bytes written. */
interface Measured {
  name: string;
  wallS: number;
  cpuS: number;
  entries: number;
  bytes: number;
  /** DirBench only: the generator's own time, without the Node process start. */
  generateS?: number;
}

/** Clock ticks per second of /proc/<pid>/stat. */
const TICKS_PER_S = (() => {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(out.stdout.trim()) || 100;
})();

/**
 * Runs a command under `sh`, which prints its own /proc stat on fd 3 once the command exited: the
 * cutime/cstime fields then hold the CPU of the whole command tree (every JVM thread included).
 */
function measure(
  name: string,
  command: string,
  args: string[],
  opts: { cwd?: string; timeoutMs: number },
): Promise<{ wallS: number; cpuS: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      'sh',
      ['-c', '"$@"; rc=$?; cat /proc/$$/stat >&3; exit $rc', 'sh', command, ...args],
      {
        cwd: opts.cwd,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    let stat = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => (stat += d.toString()));
    const timer = setTimeout(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
    }, opts.timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      const wallS = (performance.now() - started) / 1000;
      if (code !== 0) {
        reject(
          new Error(
            `${name} exited with ${String(code)}:\n${stderr.slice(-2000)}${stdout.slice(-2000)}`,
          ),
        );
        return;
      }
      // Fields after the command name: cutime and cstime are fields 16 and 17.
      const fields = stat
        .slice(stat.lastIndexOf(')') + 2)
        .trim()
        .split(' ');
      const cpuS = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_S;
      resolve({ wallS, cpuS, stdout, stderr });
    });
  });
}

/** The OpenDJ zip from Maven Central (cached in ~/.m2 after the first time). */
function openDjZip(): string {
  const zip = path.join(
    os.homedir(),
    '.m2/repository/org/openidentityplatform/opendj/opendj-server-legacy',
    OPENDJ_VERSION,
    `opendj-server-legacy-${OPENDJ_VERSION}.zip`,
  );
  if (existsSync(zip)) return zip;
  process.stderr.write(`Fetching ${OPENDJ_ARTIFACT} with Maven...\n`);
  const mvn = spawnSync(
    'mvn',
    ['-q', 'dependency:get', `-Dartifact=${OPENDJ_ARTIFACT}`, '-Dtransitive=false'],
    {
      encoding: 'utf8',
      timeout: 600_000,
    },
  );
  if (mvn.status !== 0 || !existsSync(zip)) {
    throw new Error(
      `mvn dependency:get failed (${String(mvn.status)}): ${mvn.stdout}${mvn.stderr}`,
    );
  }
  return zip;
}

/** Unpacks what makeldif needs (its script, the jars, the MakeLDIF templates and lists) into `dir`. */
function unpackOpenDj(zip: string, dir: string): string {
  const out = spawnSync(
    'unzip',
    [
      '-q',
      '-o',
      zip,
      'opendj/bin/*',
      'opendj/lib/*',
      'opendj/template/config/MakeLDIF/*',
      '-d',
      dir,
    ],
    {
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  if (out.status !== 0) throw new Error(`unzip failed (${String(out.status)}): ${out.stderr}`);
  return path.join(dir, 'opendj');
}

async function openDjMakeldif(
  home: string,
  template: string,
  resources: string,
  out: string,
  entries: number,
  seed: number,
): Promise<Measured> {
  const run = await measure(
    'makeldif',
    path.join(home, 'bin', 'makeldif'),
    ['-o', out, '-s', String(seed), '-c', `numusers=${entries}`, '-r', resources, template],
    { cwd: home, timeoutMs: 1_800_000 },
  );
  const written = /(\d+) entries written/.exec(run.stdout + run.stderr);
  if (written === null)
    throw new Error(`makeldif did not say how many entries it wrote:\n${run.stdout}${run.stderr}`);
  return {
    name: 'OpenDJ makeldif',
    wallS: run.wallS,
    cpuS: run.cpuS,
    entries: Number(written[1]),
    bytes: statSync(out).size,
  };
}

/** DirBench's generator in a fresh Node process, as `dirbench generate` runs it. */
async function dirbench(name: string, source: GenerateSource, out: string): Promise<Measured> {
  const run = await measure(
    name,
    process.execPath,
    [SELF, '--child', JSON.stringify({ source, out })],
    {
      timeoutMs: 1_800_000,
    },
  );
  const result = JSON.parse(run.stdout) as { entries: number; bytes: number; seconds: number };
  return {
    name,
    wallS: run.wallS,
    cpuS: run.cpuS,
    entries: result.entries,
    bytes: result.bytes,
    generateS: result.seconds,
  };
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function row(m: Measured): string {
  return (
    `  ${m.name.padEnd(30)} ${fmt(m.wallS, 2).padStart(7)} s wall ${fmt(m.cpuS, 2).padStart(7)} s CPU` +
    `  ${fmt(m.entries / m.wallS).padStart(10)} entries/s  ${fmt(m.entries)} entries, ${fmt(m.bytes / 1e6, 1)} MB` +
    (m.generateS === undefined
      ? '\n'
      : `; generating alone ${fmt(m.generateS, 2)} s (${fmt(m.entries / m.generateS)} entries/s)\n`)
  );
}

function javaVersion(): string {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 10_000 });
  return /version "([^"]+)"/.exec(out.stderr)?.[1] ?? 'unknown';
}

function machine(): string {
  return (
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} CPUs, load average ` +
    `${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}; Node ${process.versions.node}, Java ${javaVersion()}, OpenDJ ${OPENDJ_VERSION}\n`
  );
}

async function main(): Promise<void> {
  const entries = Number(values.entries);
  const seed = Number(values.seed);
  const rounds = Number(values.rounds);
  for (const [name, value] of Object.entries({ entries, rounds })) {
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a whole number >= 1`);
  }
  if (!Number.isInteger(seed)) throw new Error('seed must be a whole number');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'dirbench-genspeed-'));
  const cleanUp = (): void => rmSync(scratch, { recursive: true, force: true });
  const onSignal = (): void => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const home = unpackOpenDj(openDjZip(), scratch);
    const resources = path.join(home, 'template', 'config', 'MakeLDIF');
    const template = path.join(resources, 'example.template');
    process.stdout.write(
      `Generator benchmark: ${fmt(entries)} entries of OpenDJ's example.template (OpenDJ's own name and ` +
        `city lists for both tools), seed ${seed}; then the Salford shape\n${machine()}`,
    );
    const out = (name: string): string => path.join(scratch, name);
    for (let round = 1; round <= rounds; round++) {
      // Alternate the order so neither tool always runs on the quieter machine.
      const runs: Measured[] = [];
      const order = round % 2 === 1 ? ['opendj', 'dirbench'] : ['dirbench', 'opendj'];
      for (const tool of order) {
        process.stderr.write(`Round ${round}: ${tool} on example.template...\n`);
        runs.push(
          tool === 'opendj'
            ? await openDjMakeldif(home, template, resources, out('opendj.ldif'), entries, seed)
            : await dirbench(
                'DirBench example.template',
                {
                  kind: 'template',
                  templatePath: template,
                  resourceDir: resources,
                  entriesOverride: entries,
                  seed,
                },
                out('dirbench.ldif'),
              ),
        );
        rmSync(out(tool === 'opendj' ? 'opendj.ldif' : 'dirbench.ldif'), { force: true });
      }
      process.stderr.write(`Round ${round}: DirBench Salford...\n`);
      const salford = await dirbench(
        'DirBench Salford shape',
        { kind: 'shape', shape: 'salford', entries, seed },
        out('salford.ldif'),
      );
      rmSync(out('salford.ldif'), { force: true });
      const opendj = runs.find((r) => r.name.startsWith('OpenDJ')) as Measured;
      const ours = runs.find((r) => r.name.startsWith('DirBench')) as Measured;
      process.stdout.write(`Round ${round} (load average now ${os.loadavg()[0]?.toFixed(2)}):\n`);
      for (const r of [opendj, ours, salford]) process.stdout.write(row(r));
      const wallRatio = opendj.wallS / ours.wallS;
      const cpuRatio = opendj.cpuS / ours.cpuS;
      // The generator's own rate: the Node process start is not part of generating.
      const salfordRate = salford.entries / (salford.generateS ?? salford.wallS);
      process.stdout.write(
        `  example.template: DirBench is ${wallRatio.toFixed(2)}x faster than makeldif in wall time, ` +
          `${cpuRatio.toFixed(2)}x in CPU time (target >= ${TEMPLATE_RATIO_TARGET}x) ${wallRatio >= TEMPLATE_RATIO_TARGET ? 'PASS' : 'BELOW TARGET'}\n` +
          `  Salford shape: ${fmt(salfordRate)} entries/s generating (${fmt(salford.entries / salford.wallS)} with the process start), ` +
          `${fmt(salford.entries / salford.cpuS)} per CPU second ` +
          `(target >= ${fmt(SALFORD_RATE_TARGET)}) ${salfordRate >= SALFORD_RATE_TARGET ? 'PASS' : 'BELOW TARGET'}\n`,
      );
    }
  } finally {
    cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

if (values.child !== undefined) {
  // Child mode: generate once, report the result on stdout, leave the files to the parent.
  const { source, out } = JSON.parse(values.child) as { source: GenerateSource; out: string };
  const result = await generateDataset(source, out);
  rmSync(result.dnsPath, { force: true });
  rmSync(result.bindsPath, { force: true });
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  await main();
}
