// Linux's default dirty-page limits throttle bulk loads of millions of entries: the loaders write a
// memory-mapped database far larger than 20% of RAM, and the kernel then flushes it page by page
// long before the load is done (a 10M-entry slapadd took 15 minutes with the limits raised and was
// not 2/3 done after 40 minutes with the defaults). DirBench cannot change them (root only), so it says so.
import { readFileSync } from 'node:fs';

/** Entries from which the writeback limits start to matter for a bulk load. */
export const WRITEBACK_HINT_MIN_ENTRIES = 5_000_000;

/** The dirty_ratio from which loads of 10M entries ran at full speed on the 24 GB lab machine. */
const GOOD_DIRTY_RATIO = 40;

/** Reads an integer from a /proc file, or null where there is none (not Linux, no permission). */
function readProcInteger(path: string): number | null {
  try {
    const value = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** A sentence advising on kernel writeback settings before a big bulk load, or null when they are fine. */
export function writebackHint(
  entries: number,
  dirtyRatio: number | null = readProcInteger('/proc/sys/vm/dirty_ratio'),
): string | null {
  if (entries < WRITEBACK_HINT_MIN_ENTRIES || dirtyRatio === null) return null;
  if (dirtyRatio >= GOOD_DIRTY_RATIO) return null;
  return (
    `vm.dirty_ratio is ${dirtyRatio}%: loads of this size can run several times slower while ` +
    'the kernel flushes the database early. For a faster load, as root: sysctl -w ' +
    'vm.dirty_background_ratio=40 vm.dirty_ratio=60 vm.dirty_expire_centisecs=60000'
  );
}
