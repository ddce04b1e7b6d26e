// Number formatting shared by tables, cards and charts, so the same figure reads the same everywhere.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole number with thousands separators: 12,345. */
export function formatInt(value: number): string {
  return integer.format(value);
}

/** Throughput: whole ops/sec above 100, one decimal below (a slow server still shows a trend). */
export function formatOpsPerSec(opsPerSec: number): string {
  return opsPerSec >= 100 ? integer.format(opsPerSec) : opsPerSec.toFixed(1);
}

/** Latency in milliseconds from integer microseconds, with about three significant digits. */
export function formatLatencyMs(latencyUs: number): string {
  const ms = latencyUs / 1000;
  if (ms < 1) return ms.toFixed(3);
  if (ms < 10) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return integer.format(ms);
}

/** Directory size as users say it: 2K, 100K, 1.5M entries. */
export function formatEntries(entries: number): string {
  if (entries >= 1_000_000) return `${trim(entries / 1_000_000)}M`;
  if (entries >= 1_000) return `${trim(entries / 1_000)}K`;
  return String(entries);
}

function trim(value: number): string {
  return value >= 100 ? value.toFixed(0) : String(Number(value.toFixed(1)));
}

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
