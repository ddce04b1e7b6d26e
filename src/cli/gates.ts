// CI gates of `run` and `matrix run`: --threshold expressions, --junit reports, breaches and exit code 3.
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ApiError, invalid } from '../shared/errors.ts';
import { breaches } from '../shared/thresholdCheck.ts';
import { parseThreshold } from '../shared/thresholds.ts';
import type { RunDetail } from '../shared/types.ts';
import { junitXml } from '../core/report/junitXml.ts';
import type { JunitSuite } from '../core/report/junitXml.ts';
import { guardReported } from './guard.ts';
import type { RawOptions } from './options.ts';

/** The --threshold expressions as typed, each checked now so a typo costs no run; undefined when none. */
export function thresholdOption(options: RawOptions): string[] | undefined {
  const raw = options.threshold;
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : [String(raw)];
  return list.map((text) => parseThreshold(text, '--threshold').expression);
}

/** The --junit file, checked writable before anything runs; null when not asked for. */
export function junitOption(options: RawOptions): string | null {
  const raw = options.junit;
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw invalid('--junit', '--junit needs a file name, e.g. --junit results.xml');
  }
  const path = resolve(raw);
  const folder = dirname(path);
  try {
    if (!statSync(folder).isDirectory()) throw new Error('not a folder');
    accessSync(folder, constants.W_OK);
  } catch {
    throw invalid(
      '--junit',
      `--junit ${raw}: the folder ${folder} does not exist or cannot be written; create it or choose another file`,
    );
  }
  if (safeIsDirectory(path)) throw invalid('--junit', `--junit ${raw} is a folder; name a file`);
  return path;
}

function safeIsDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Writes the JUnit report and says where on stderr. */
export function writeJunit(path: string, suites: readonly JunitSuite[]): void {
  writeFileSync(path, junitXml(suites));
  process.stderr.write(`JUnit report written to ${path}\n`);
}

/** One line per breached threshold of `runs`, for stderr. */
export function breachLines(runs: readonly RunDetail[]): string[] {
  return runs.flatMap((run) =>
    breaches(run.thresholdResults).map(
      (b) => `threshold breached: ${b.expression} (${b.detail}; run ${run.id})`,
    ),
  );
}

/**
 * Writes one line per run of `runs` that did not complete, with the reason it ended, on stderr: with
 * --json stdout holds only the JSON, and the failure must still reach whoever reads the terminal.
 * After the process guard has reported an error, that error's line is the one line of the failure.
 */
export function writeFailureLines(runs: readonly RunDetail[]): void {
  if (guardReported()) return;
  for (const run of runs) {
    if (run.status === 'completed') continue;
    process.stderr.write(
      `dirbench: run ${run.id} ${run.status}: ${run.endReason ?? 'no reason was stored'}\n`,
    );
  }
}

/** Runs a check of the run's thresholds, naming --threshold (and which one) for the request's own. */
export function thresholdsInUserTerms(check: () => unknown): void {
  try {
    check();
  } catch (err) {
    const index = err instanceof ApiError ? /^thresholds\[(\d+)\]$/.exec(err.field ?? '') : null;
    if (index === null || !(err instanceof ApiError)) throw err;
    throw invalid('--threshold', `--threshold #${Number(index[1]) + 1}: ${err.message}`);
  }
}
