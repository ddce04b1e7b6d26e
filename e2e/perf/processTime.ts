// Whole-process cost of one command: wall time, CPU time (with its children) and peak memory, read
// through GNU time (Linux), and the median of several of them.
import { spawn } from 'node:child_process';
import { median } from '../../src/core/runner/median.ts';

/** What one process cost from spawn to exit. */
export interface ProcessCost {
  wallMs: number;
  /** User + system time of the process and the children it waited for. */
  cpuMs: number;
  /** Largest resident set of the process or any one of its children. */
  peakRssMb: number;
}

/** GNU time's output format: user s, system s, max RSS KB, on the last line of stderr. */
const TIME_FORMAT = 'dirbench-cost %U %S %M';

/**
 * Runs `argv` to its end (killed after `timeoutMs`) and returns what it cost; throws when it fails.
 * Asynchronous, so a server in this process (the responder) keeps answering while the child runs.
 */
export async function processCost(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<ProcessCost> {
  const start = performance.now();
  const child = spawn('/usr/bin/time', ['-f', TIME_FORMAT, ...argv], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    // Only the end matters: GNU time's line comes last.
    stderr = (stderr + chunk).slice(-8192);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const wallMs = performance.now() - start;
  const line = stderr.trim().split('\n').at(-1) ?? '';
  const match = /^dirbench-cost ([\d.]+) ([\d.]+) (\d+)$/.exec(line);
  if (status !== 0 || match === null)
    throw new Error(`${argv.join(' ')} failed (exit ${String(status)}): ${stderr.slice(-2000)}`);
  return {
    wallMs,
    cpuMs: (Number(match[1]) + Number(match[2])) * 1000,
    peakRssMb: Number(match[3]) / 1024,
  };
}

/** Per figure, the median over `costs`. */
export function medianCost(costs: readonly ProcessCost[]): ProcessCost {
  return {
    wallMs: median(costs.map((c) => c.wallMs)),
    cpuMs: median(costs.map((c) => c.cpuMs)),
    peakRssMb: median(costs.map((c) => c.peakRssMb)),
  };
}
