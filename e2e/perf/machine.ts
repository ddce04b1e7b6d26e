// One line describing the machine a benchmark ran on, for the figures it prints.
import { statfsSync } from 'node:fs';
import os from 'node:os';

/** CPU model, cores, memory, load average and (when given) free disk under `dir`. */
export function machineLine(dir?: string): string {
  const gb = (bytes: number): string => `${Math.round(bytes / 2 ** 30)} GB`;
  const parts = [
    os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    `${os.availableParallelism()} CPUs`,
    `${gb(os.totalmem())} RAM`,
    `${os.type()} ${os.release()}`,
    `Node ${process.versions.node}`,
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  ];
  if (dir !== undefined) {
    const fs = statfsSync(dir);
    parts.push(`${gb(fs.bavail * fs.bsize)} free in ${dir}`);
  }
  return parts.join(', ');
}
