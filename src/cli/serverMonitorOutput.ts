// What the CLI says about a target's own monitor: why it was not read, or its readings.
import type { ServerMonitorReading } from '../shared/monitorTypes.ts';
import type { RunDetail } from '../shared/types.ts';

const count = (n: number | undefined, what: string): string | null =>
  n === undefined ? null : `${n} ${what}${n === 1 ? '' : 's'}`;

/** A reading's connections, threads and memory, in words. */
function readingText(reading: ServerMonitorReading | undefined): string {
  if (reading === undefined) return 'not read';
  const parts = [
    count(reading.connections, 'connection'),
    count(reading.threads, 'thread'),
    reading.memoryMb === undefined ? null : `${reading.memoryMb} MB in use`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'no connection or thread figures' : parts.join(', ');
}

/** The summary's monitor lines of a target: the server's readings when it was read, and its note. */
export function serverMonitorLines(run: RunDetail): string[] {
  const monitor = run.summary?.serverMonitor;
  if (monitor === undefined) return [];
  const note = monitor.note === undefined ? [] : [`  ${monitor.note}`];
  if (monitor.before === undefined) return note;
  return [
    `  server monitor (${monitor.server}): at load start ${readingText(monitor.before)}; at the end ${readingText(monitor.after)}`,
    ...note,
  ];
}

/** The --json `serverMonitor` field: the server, its readings or the note (absent for labs). */
export function serverMonitorJson(run: RunDetail): { serverMonitor?: unknown } {
  const monitor = run.summary?.serverMonitor;
  return monitor === undefined ? {} : { serverMonitor: monitor };
}
