// The hostile-server fuzz at length: `npm run bench:hostile -- --sessions 500000 [--seed N]
// [--concurrency N]` runs the CI fuzz's sessions (src/core/ldap/hostile.fuzz.test.ts) as many
// times as asked and prints sessions/s, the ends of each fault mode on each path, and peak memory.
// Exits 1 on a crash, a hung session or an end without a named cause.
import { parseArgs } from 'node:util';
import { HOSTILE_CI_OPTIONS, runHostileSessions } from '../../src/core/testing/hostileRun.ts';
import type { HostileRunReport } from '../../src/core/testing/hostileRun.ts';
import { CI_FUZZ_SEED } from '../../src/core/testing/fuzzSeed.ts';
import { machineLine } from './machine.ts';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '100000' },
    seed: { type: 'string', default: String(CI_FUZZ_SEED) },
    concurrency: { type: 'string', default: String(HOSTILE_CI_OPTIONS.concurrency) },
  },
});

/** A whole number option >= 1, or exit 2 naming it. */
function wholeNumber(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} ${text ?? ''} is not a whole number >= 1`);
    process.exit(2);
  }
  return n;
}

const sessions = wholeNumber('sessions', values.sessions);
const seed = Number(values.seed);
if (!Number.isInteger(seed)) {
  console.error(`--seed ${values.seed} is not an integer`);
  process.exit(2);
}
const concurrency = wholeNumber('concurrency', values.concurrency);

/** Ends of one mode and path as "ok 812, timeout 40". */
function endsLine(ends: Record<string, number>): string {
  return Object.entries(ends)
    .sort((a, b) => b[1] - a[1])
    .map(([end, n]) => `${end} ${n}`)
    .join(', ');
}

function print(report: HostileRunReport): void {
  const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  console.log(`machine: ${machineLine()}`);
  console.log(
    `${report.sessions} sessions (seed ${seed}, ${concurrency} at once) in ${report.durationS.toFixed(1)} s: ` +
      `${(report.sessions / report.durationS).toFixed(0)} sessions/s; peak RSS ${mib(report.peakRssBytes)}, ` +
      `peak buffers ${mib(report.peakArrayBuffersBytes)}`,
  );
  console.log(
    `crashes ${report.crashes.length}, hung ${report.hung.length}, unnamed ends ${report.unclassified.length}`,
  );
  for (const key of Object.keys(report.ends).sort()) {
    const timing = report.timing[key];
    const meanMs = timing === undefined ? 0 : timing.totalMs / timing.sessions;
    const ends = report.ends[key] ?? {};
    console.log(
      `  ${key.padEnd(20)} ${String(timing?.sessions ?? 0).padStart(7)} sessions, ${meanMs.toFixed(0).padStart(5)} ms each: ${endsLine(ends)}`,
    );
  }
  for (const line of [...report.crashes, ...report.hung, ...report.unclassified].slice(0, 20)) {
    console.log(`  ! ${line}`);
  }
}

const report = await runHostileSessions({ ...HOSTILE_CI_OPTIONS, concurrency, sessions, seed });
print(report);
process.exitCode =
  report.crashes.length + report.hung.length + report.unclassified.length > 0 ? 1 : 0;
