// Runs one load tool as a child process, bounded in time, and measures its CPU over its own measured window.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { processCpuUs, treeCpuUs } from './processCpu.ts';

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
}

/** One tool's figures. */
export interface ToolRun {
  name: string;
  opsPerSec: number;
  /** Client CPU (the tool's whole process tree) per operation over the measured window. */
  clientCpuUsPerOp: number;
  /** Client CPU over the window as a percentage of one core. */
  clientCpuPercent: number;
  /** The part of clientCpuUsPerOp spent in the tool's main process (for DirBench: the host, not the workers). */
  mainProcessCpuUsPerOp: number;
  serverCpuUsPerOp: number;
  windowS: number;
}

interface Edge {
  atMs: number;
  clientUs: number;
  mainUs: number;
  serverUs: number;
}

/** Runs the tool to completion; rejects when it fails, times out or never reports its window. */
export function runTool(spec: ToolSpec): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(spec.command, spec.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = child.pid;
    let start: Edge | null = null;
    let end: Edge | null = null;
    const tail: string[] = [];
    // CPU is read the moment the tool says a window edge passed, while its processes are all alive.
    const edge = (): Edge => ({
      atMs: performance.now(),
      clientUs: pid === undefined ? 0 : treeCpuUs(pid),
      mainUs: pid === undefined ? 0 : processCpuUs(pid),
      serverUs: treeCpuUs(spec.serverPid),
    });
    const onLine = (stream: 'stdout' | 'stderr') => (line: string) => {
      tail.push(line);
      if (tail.length > 20) tail.shift();
      const mark = spec.onLine(line, stream);
      if (mark === 'measure-start' && start === null) start = edge();
      if (mark === 'measure-end' && start !== null && end === null) end = edge();
    };
    createInterface({ input: child.stdout }).on('line', onLine('stdout'));
    createInterface({ input: child.stderr }).on('line', onLine('stderr'));
    const timer = setTimeout(() => {
      if (pid !== undefined && child.exitCode === null) process.kill(pid, 'SIGKILL');
    }, spec.timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const output = tail.join('\n');
      if (code !== 0) {
        reject(new Error(`${spec.name} exited with ${String(code ?? signal)}:\n${output}`));
        return;
      }
      if (start === null || end === null) {
        reject(new Error(`${spec.name} never reported its measured window:\n${output}`));
        return;
      }
      try {
        const { opsPerSec } = spec.result();
        const windowS = (end.atMs - start.atMs) / 1000;
        const clientUsPerS = (end.clientUs - start.clientUs) / windowS;
        const serverUsPerS = (end.serverUs - start.serverUs) / windowS;
        const mainUsPerS = (end.mainUs - start.mainUs) / windowS;
        resolve({
          name: spec.name,
          opsPerSec,
          clientCpuUsPerOp: clientUsPerS / opsPerSec,
          clientCpuPercent: clientUsPerS / 1e4,
          mainProcessCpuUsPerOp: mainUsPerS / opsPerSec,
          serverCpuUsPerOp: serverUsPerS / opsPerSec,
          windowS,
        });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}
