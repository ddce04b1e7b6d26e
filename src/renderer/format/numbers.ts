// Number formatting shared by tables, cards and charts, so the same figure reads the same everywhere.

/** The figures' wording, shared with the headless chart exports and reports. */
export {
  formatEntries,
  formatInt,
  formatLatencyMs,
  formatOpsPerSec,
} from '../../shared/charts/format.ts';

/** A duration in seconds as "42 s", "3 min 05 s" or "1 h 02 min". */
export function formatDurationS(durationS: number): string {
  const s = Math.round(durationS);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** Seconds with one decimal for measured times such as a lab's load time. */
export function formatSeconds(seconds: number): string {
  return seconds < 10 ? `${seconds.toFixed(1)} s` : formatDurationS(seconds);
}

/** `part` as a percentage of `whole`: "0.42%", "<0.01%" for tiny non-zero shares. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  const percent = (part / whole) * 100;
  return percent < 0.01 ? '<0.01%' : `${percent.toFixed(2)}%`;
}

/** A data rate from bytes per second: "820 B/s", "1.4 MB/s" (decimal units, as network tools use). */
export function formatBytesPerSec(bytesPerSec: number): { value: string; unit: string } {
  const units = ['B/s', 'kB/s', 'MB/s', 'GB/s'];
  let value = bytesPerSec;
  let i = 0;
  while (value >= 1000 && i < units.length - 1) {
    value /= 1000;
    i++;
  }
  const text = value >= 100 || i === 0 ? value.toFixed(0) : value.toFixed(1);
  return { value: text, unit: units[i] as string };
}
