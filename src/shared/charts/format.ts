// Number wording of charts, tables and reports, the same in the UI and the headless exports.

// Made on first use: building a NumberFormat loads ICU data (about 20 ms), which a process that
// formats no number (`dirbench --version`) should not pay.
let integerFormat: Intl.NumberFormat | undefined;

function integer(): Intl.NumberFormat {
  integerFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return integerFormat;
}

/** Whole number with thousands separators: 12,345. */
export function formatInt(value: number): string {
  return integer().format(value);
}

/** Throughput: whole ops/sec above 100, one decimal below (a slow server still shows a trend). */
export function formatOpsPerSec(opsPerSec: number): string {
  return opsPerSec >= 100 ? integer().format(opsPerSec) : opsPerSec.toFixed(1);
}

/** Latency in milliseconds from integer microseconds, with about three significant digits. */
export function formatLatencyMs(latencyUs: number): string {
  const ms = latencyUs / 1000;
  if (ms < 1) return ms.toFixed(3);
  if (ms < 10) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return integer().format(ms);
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
