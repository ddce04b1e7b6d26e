// Runs one load tool as a child process, bounded in time, and measures its CPU over its own measured window.
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { processCpu, treeCpu } from './processCpu.ts';
import type { CpuUs } from './processCpu.ts';

/** What a tool's output line means for the measurement window. */
export type WindowMark = 'measure-start' | 'measure-end' | null;

/** How to run and read one tool. */
export interface ToolSpec {
  name: string;
  command: string;
  args: string[];
  /** The child is killed (by PID) when it runs longer than this. */
  timeoutMs: number;
  /** The server's PID, so its CPU per op in the same window can be shown next to the client's. */
  serverPid: number;
  /** Classifies each output line; called in order as lines arrive. */
  onLine(line: string, stream: 'stdout' | 'stderr'): WindowMark;
  /** The tool's own measured throughput, read after it exited successfully. */
  result(): { opsPerSec: number };
  /** Kills the child (by PID) when aborted, e.g. when the benchmark itself is interrupted. */
  signal?: AbortSignal;
}

/** One tool's figures over its measured window. */
export interface ToolRun {
  name: string;
  opsPerSec: number;
  /** User CPU of the tool's whole process tree per operation. */
  userUsPerOp: number;
  /** System CPU of the tool's whole process tree per operation. */
  systemUsPerOp: number;
  /** userUsPerOp + systemUsPerOp. */
  clientCpuUsPerOp: number;
  /** Client CPU over the window as a percentage of one core. */
  clientCpuPercent: number;
  /** The part of clientCpuUsPerOp spent in the tool's main process (for DirBench: the host, not the workers). */
  mainProcessCpuUsPerOp: number;
  /** The server's CPU (user + system) per operation over the same window. */
  serverCpuUsPerOp: number;
  /** Wall-clock seconds between the two /proc samples. */
  windowS: number;
}

interface Edge {
  atMs: number;
  client: CpuUs;
  main: CpuUs;
  server: CpuUs;
}

const total = (cpu: CpuUs): number => cpu.userUs + cpu.systemUs;

/** Keeps the last lines a child printed, for the error message when it fails. */
function outputTail(): { add(line: string): void; text(): string } {
  const lines: string[] = [];
  return {
    add(line) {
      lines.push(line);
      if (lines.length > 20) lines.shift();
    },
    text: () => lines.join('\n'),
  };
}

/** Starts a child whose output is read line by line; it is killed by PID after `timeoutMs` or on abort. */
function spawnBounded(
  command: string,
  args: string[],
  timeoutMs: number,
  signal: AbortSignal | undefined,
): { child: ChildProcessByStdio<null, Readable, Readable>; stop(): void } {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = (): void => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, 'SIGKILL');
    }
  };
  const timer = setTimeout(kill, timeoutMs);
  signal?.addEventListener('abort', kill, { once: true });
  return {
    child,
    stop: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
    },
  };
}

/** Runs the tool to completion; rejects when it fails, times out or never reports its window. */
export function runTool(spec: ToolSpec): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const { child, stop } = spawnBounded(spec.command, spec.args, spec.timeoutMs, spec.signal);
    const pid = child.pid;
    let start: Edge | null = null;
    let end: Edge | null = null;
    const tail = outputTail();
    // CPU is read the moment the tool says a window edge passed, while its processes are all alive.
    const edge = (): Edge => ({
      atMs: performance.now(),
      client: pid === undefined ? { userUs: 0, systemUs: 0 } : treeCpu(pid),
      main: pid === undefined ? { userUs: 0, systemUs: 0 } : processCpu(pid),
      server: treeCpu(spec.serverPid),
    });
    const onLine = (stream: 'stdout' | 'stderr') => (line: string) => {
      tail.add(line);
      const mark = spec.onLine(line, stream);
      if (mark === 'measure-start' && start === null) start = edge();
      if (mark === 'measure-end' && start !== null && end === null) end = edge();
    };
    createInterface({ input: child.stdout }).on('line', onLine('stdout'));
    createInterface({ input: child.stderr }).on('line', onLine('stderr'));
    child.once('error', (err) => {
      stop();
      reject(err);
    });
    child.once('close', (code, signal) => {
      stop();
      if (code !== 0) {
        reject(new Error(`${spec.name} exited with ${String(code ?? signal)}:\n${tail.text()}`));
        return;
      }
      if (start === null || end === null) {
        reject(new Error(`${spec.name} never reported its measured window:\n${tail.text()}`));
        return;
      }
      try {
        const { opsPerSec } = spec.result();
        if (!(opsPerSec > 0)) throw new Error(`${spec.name} reported ${opsPerSec} ops/s`);
        const windowS = (end.atMs - start.atMs) / 1000;
        // Microseconds of CPU per second of window, divided by operations per second.
        const perOp = (from: number, to: number): number => (to - from) / windowS / opsPerSec;
        const userUsPerOp = perOp(start.client.userUs, end.client.userUs);
        const systemUsPerOp = perOp(start.client.systemUs, end.client.systemUs);
        resolve({
          name: spec.name,
          opsPerSec,
          userUsPerOp,
          systemUsPerOp,
          clientCpuUsPerOp: userUsPerOp + systemUsPerOp,
          clientCpuPercent: (total(end.client) - total(start.client)) / windowS / 1e4,
          mainProcessCpuUsPerOp: perOp(total(start.main), total(end.main)),
          serverCpuUsPerOp: perOp(total(start.server), total(end.server)),
          windowS,
        });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

/** Runs a command to completion within `timeoutMs` (killed by PID past it); rejects on a non-zero exit. */
export function runCommand(
  name: string,
  command: string,
  args: string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const { child, stop } = spawnBounded(command, args, timeoutMs, signal);
    const tail = outputTail();
    createInterface({ input: child.stdout }).on('line', tail.add);
    createInterface({ input: child.stderr }).on('line', tail.add);
    child.once('error', (err) => {
      stop();
      reject(err);
    });
    child.once('close', (code, signal) => {
      stop();
      if (code === 0) resolve();
      else reject(new Error(`${name} exited with ${String(code ?? signal)}:\n${tail.text()}`));
    });
  });
}
