// A stored run on two load agents, one of them lost mid-run (`onAgentLoss: continue`), written
// through the store the way the run service writes it: each second's agent parts and the summary's
// agent figures come from the coordinator's own AgentTally, fed the workers' seconds.
import { AgentTally } from '../../src/core/agents/agentTally.ts';
import {
  createHistogram,
  encodeHistogram,
  mergeInto,
  recordLatencyUs,
  summarize,
} from '../../src/core/loadgen/histogram.ts';
import type { Histogram } from '../../src/core/loadgen/histogram.ts';
import type { WorkerIntervalMessage } from '../../src/core/loadgen/protocol.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import { RunsRepo } from '../../src/core/store/runsRepo.ts';
import { runConfigFixture } from '../../src/core/testing/runConfigFixture.ts';
import type { RunConfig, RunPhase, RunSummary } from '../../src/shared/types.ts';
import { syntheticEnvironment } from './syntheticRun.ts';

/** What the seeded run is, for the test to check the page against. */
export const AGENT_RUN = {
  id: 'run_on_agents',
  warmupS: 2,
  durationS: 12,
  broker: 'tls://10.0.0.5:4222',
  /** The second from which a2's figures are missing (it went silent during the second before). */
  lostFromS: 7,
  /** The measured second whose figures from a1 came more than 3 s late. */
  lateSecond: 4,
  endReason: 'partial: the run went on after the loss of agent a2 (silent for 6.0 s)',
} as const;

const T0_MS = 1_800_000_000_000;

function config(): RunConfig {
  return runConfigFixture({
    targetName: 'OpenLDAP lab (10,000 entries)',
    url: 'ldap://10.0.0.9:389',
    baseDn: 'o=Salford,c=gb',
    bindDn: 'cn=admin,o=Salford,c=gb',
    entries: 10_000,
    connections: 8,
    workers: 2,
    warmupS: AGENT_RUN.warmupS,
    durationS: AGENT_RUN.durationS,
    agents: [
      { name: 'a1', workers: [0], clockOffsetMs: -0.31 },
      { name: 'a2', workers: [1], clockOffsetMs: 0.18 },
    ],
    broker: AGENT_RUN.broker,
    onAgentLoss: 'continue',
  });
}

/** One worker's second at about `ops` ops/s against a server answering in about 10.4 ms. */
function workerSecond(
  second: number,
  ops: number,
): { message: WorkerIntervalMessage; h: Histogram } {
  const h = createHistogram();
  for (let i = 0; i < ops; i++) recordLatencyUs(h, 10_000 + ((i * 37 + second * 11) % 900));
  const message: WorkerIntervalMessage = {
    type: 'interval',
    second,
    intervalMs: 1000,
    ops,
    errors: second === 9 ? 1 : 0,
    errorsByCode: second === 9 ? { busy: 1 } : {},
    entries: ops,
    histogram: encodeHistogram(h),
  };
  return { message, h };
}

function phaseOf(second: number): RunPhase {
  return second < AGENT_RUN.warmupS ? 'warmup' : 'measured';
}

/** Writes the run into the database at `dbFile`. */
export function storeAgentRun(dbFile: string): void {
  const cfg = config();
  let nowMs = T0_MS;
  const tally = new AgentTally(['a1', 'a2'], () => nowMs);
  tally.start(T0_MS);
  const db = openDatabase(dbFile);
  try {
    const runs = new RunsRepo(db);
    runs.create(AGENT_RUN.id, cfg, syntheticEnvironment({ serverVersion: '2.5.13' }));
    runs.setStatus(AGENT_RUN.id, 'running');
    const measured = createHistogram();
    let measuredOps = 0;
    let measuredErrors = 0;
    const totalS = AGENT_RUN.warmupS + AGENT_RUN.durationS;
    for (let second = 0; second < totalS; second++) {
      // Each worker runs one of the agents; a2's worker falls silent with its agent.
      const parts = [workerSecond(second, 372 + (second % 3) * 4)];
      if (second < AGENT_RUN.lostFromS) parts.push(workerSecond(second, 368 + (second % 2) * 5));
      else tally.lose('a2');
      const merged = createHistogram();
      parts.forEach((p, worker) => {
        nowMs =
          T0_MS +
          (second + 1) * 1000 +
          (worker === 0 && second === AGENT_RUN.lateSecond ? 4_000 : 50);
        tally.add(worker, p.message);
        mergeInto(merged, p.h);
      });
      const ops = parts.reduce((sum, p) => sum + p.message.ops, 0);
      const errors = parts.reduce((sum, p) => sum + p.message.errors, 0);
      if (phaseOf(second) === 'measured') {
        mergeInto(measured, merged);
        measuredOps += ops;
        measuredErrors += errors;
      }
      runs.appendSample(
        AGENT_RUN.id,
        {
          second,
          phase: phaseOf(second),
          intervalMs: 1000,
          ops,
          errors,
          errorsByCode: errors > 0 ? { busy: errors } : {},
          entries: ops,
          latencyUs: summarize(merged),
          agents: tally.sampleAgents(second),
        },
        encodeHistogram(merged),
      );
    }
    const summary: RunSummary = {
      opsPerSec: Math.round((measuredOps / AGENT_RUN.durationS) * 10) / 10,
      ops: measuredOps,
      errors: measuredErrors,
      errorsByCode: measuredErrors > 0 ? { busy: measuredErrors } : {},
      entriesPerOp: 1,
      measuredS: AGENT_RUN.durationS,
      latencyUs: summarize(measured),
      model: 'closed',
      agents: tally.summaries(
        AGENT_RUN.warmupS,
        totalS,
        AGENT_RUN.durationS,
        new Map((cfg.agents ?? []).map((a) => [a.name, a.clockOffsetMs])),
      ),
      partial: true,
    };
    runs.finish(AGENT_RUN.id, 'completed', AGENT_RUN.endReason, summary, encodeHistogram(measured));
  } finally {
    db.close();
  }
}
