// Runs many hostile-server sessions at once from one seed and sums what happened: every
// operation end by fault mode and path, ends no cause explains, sessions that outlived their
// bound, uncaught errors, and the process's peak memory.
import { Prng, streamSeed } from '../datagen/prng.ts';
import { FAULT_MODES } from './hostileFaults.ts';
import type { FaultMode } from './hostileFaults.ts';
import { startHostileServerThread } from './hostileServer.ts';
import { SESSION_OPS, runSession } from './hostileSession.ts';
import type { ClientPath, SessionLimits, SessionSpec } from './hostileSession.ts';

/** How a run is sized. */
export interface HostileRunOptions {
  sessions: number;
  seed: number;
  /** Sessions in flight at once. */
  concurrency: number;
  limits: SessionLimits;
  /** A session running longer than this is hung. */
  sessionBoundMs: number;
}

/** What a run saw. */
export interface HostileRunReport {
  sessions: number;
  durationS: number;
  /** Operation ends by `mode path` and then by end (`ok` or a failure code). */
  ends: Record<string, Record<string, number>>;
  /** Sessions and their summed wall time by `mode path`. */
  timing: Record<string, { sessions: number; totalMs: number }>;
  /** Ends that name no cause (`unknown`): each with the session that replays it. */
  unclassified: string[];
  /** Sessions that outlived the bound, each named by its spec. */
  hung: string[];
  /** Uncaught exceptions and unhandled rejections while the run lasted. */
  crashes: string[];
  peakRssBytes: number;
  peakArrayBuffersBytes: number;
}

/**
 * The CI run's sizing (sessions and seed come from the test): short timeouts keep a silent
 * server's sessions near a second, 256 sessions at once keep both cores busy without queueing
 * answers past their timeouts, and a session is hung only at several times its longest wait.
 */
export const HOSTILE_CI_OPTIONS: Omit<HostileRunOptions, 'sessions' | 'seed'> = {
  concurrency: 256,
  limits: { opTimeoutMs: 500, connectTimeoutMs: 1000, ends: 2 },
  sessionBoundMs: 10_000,
};

/**
 * Relative frequency of each mode: the 16 MiB one is costly (and its point is made by a few), the
 * others equal.
 */
const MODE_WEIGHTS: Record<FaultMode, number> = Object.fromEntries(
  FAULT_MODES.map((m) => [m, m === 'huge' ? 0.03 : 1]),
) as Record<FaultMode, number>;

/** The session number `index` of a run with `seed`: the same spec whenever it is replayed. */
export function sessionSpec(seed: number, index: number): SessionSpec {
  const rng = new Prng(streamSeed(seed, index));
  const total = FAULT_MODES.reduce((sum, m) => sum + MODE_WEIGHTS[m], 0);
  let draw = rng.next() * total;
  let mode: FaultMode = 'good';
  for (const m of FAULT_MODES) {
    draw -= MODE_WEIGHTS[m];
    if (draw < 0) {
      mode = m;
      break;
    }
  }
  // One session in five has its fault on the bind's answer, the rest on an operation's.
  const at = rng.int(5) === 0 ? 0 : 1 + rng.int(2);
  const path: ClientPath = index % 2 === 0 ? 'lean' : 'ldapts';
  const op = SESSION_OPS[rng.int(SESSION_OPS.length)] ?? 'search';
  return { plan: { mode, at, seed: rng.nextU32() | 0 }, path, op };
}

/** A session spec as a replayable name. */
function nameOf(spec: SessionSpec, index: number): string {
  return `#${index} ${spec.plan.mode}@${spec.plan.at} seed ${spec.plan.seed} ${spec.path} ${spec.op}`;
}

/** Samples the process's memory every 50 ms; `stop` ends it and returns the peaks. */
function memoryPeaks(): () => { rss: number; arrayBuffers: number } {
  let rss = 0;
  let arrayBuffers = 0;
  const sample = (): void => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    arrayBuffers = Math.max(arrayBuffers, usage.arrayBuffers);
  };
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return { rss, arrayBuffers };
  };
}

/** Runs `options.sessions` sessions against a fresh hostile server and reports them. */
export async function runHostileSessions(options: HostileRunOptions): Promise<HostileRunReport> {
  const crashes: string[] = [];
  const onCrash = (err: unknown): void => {
    crashes.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const stopMemory = memoryPeaks();
  const server = await startHostileServerThread();
  const report: HostileRunReport = {
    sessions: 0,
    durationS: 0,
    ends: {},
    timing: {},
    unclassified: [],
    hung: [],
    crashes,
    peakRssBytes: 0,
    peakArrayBuffersBytes: 0,
  };
  const startMs = performance.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.sessions) {
      const index = next++;
      const spec = sessionSpec(options.seed, index);
      const session = runSession(server.url, spec, options.limits).catch((err: unknown) => {
        // A load loop that throws fails its worker: as much a crash as an uncaught exception.
        onCrash(new Error(`${nameOf(spec, index)} threw`, { cause: err }));
        return [];
      });
      const sessionStartMs = performance.now();
      const ends = await bounded(session, options.sessionBoundMs);
      report.sessions++;
      if (ends === null) {
        report.hung.push(nameOf(spec, index));
        continue;
      }
      const key = `${spec.plan.mode} ${spec.path}`;
      const timing = (report.timing[key] ??= { sessions: 0, totalMs: 0 });
      timing.sessions++;
      timing.totalMs += performance.now() - sessionStartMs;
      const counts = (report.ends[key] ??= {});
      for (const end of ends) {
        counts[end] = (counts[end] ?? 0) + 1;
        if (end === 'unknown') report.unclassified.push(nameOf(spec, index));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    report.durationS = (performance.now() - startMs) / 1000;
    await server.close();
    const peaks = stopMemory();
    report.peakRssBytes = peaks.rss;
    report.peakArrayBuffersBytes = peaks.arrayBuffers;
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  }
  return report;
}

/** `work`'s value, or null when it takes longer than `boundMs`. */
async function bounded<T>(work: Promise<T>, boundMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), boundMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
