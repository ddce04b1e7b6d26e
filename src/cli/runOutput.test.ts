import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunDetail, RunSample } from '../shared/types.ts';
import type { RunAgentSummary } from '../shared/agentTypes.ts';
import { runConfigFixture } from '../core/testing/runConfigFixture.ts';
import {
  agentLines,
  agentsReporting,
  partialLines,
  progressLine,
  summaryText,
} from './runOutput.ts';

const latencyUs = { p50: 800, p90: 1200, p99: 2400, p999: 4100, max: 9000, mean: 900 };

function second(agents?: RunSample['agents']): RunSample {
  return {
    second: 4,
    phase: 'measured',
    intervalMs: 1000,
    ops: 1503,
    errors: 0,
    errorsByCode: {},
    entries: 1503,
    latencyUs,
    ...(agents === undefined ? {} : { agents }),
  };
}

/** An agent's measured figures: `[name, opsPerSec, errors, clockOffsetMs]`, then `lost`, `lateSeconds`. */
function agent(
  [name, opsPerSec, errors, clockOffsetMs]: [string, number, number, number],
  lost = false,
  lateSeconds = 0,
): RunAgentSummary {
  return {
    name,
    opsPerSec,
    ops: Math.round(opsPerSec * 10),
    errors,
    clockOffsetMs,
    lost,
    lateSeconds,
  };
}

const rack1 = { name: 'rack1', ops: 1503, errors: 0, state: 'reported' as const };

test('the progress line counts reporting agents only when one is lost', () => {
  assert.equal(agentsReporting(second()), null);
  assert.equal(agentsReporting(second([rack1, { ...rack1, name: 'rack2', state: 'late' }])), null);
  const lost = second([rack1, { name: 'rack2', ops: 0, errors: 0, state: 'lost' }]);
  assert.equal(agentsReporting(lost), 'agents 1/2');
  assert.match(progressLine(lost, 10), /errors 0 {2}agents 1\/2$/);
  assert.doesNotMatch(progressLine(second([rack1]), 10), /agents/);
});

test('one line per agent: ops/s, errors, signed clock offset, late seconds, lost', () => {
  assert.deepEqual(
    agentLines([agent(['rack1', 1503.4, 0, 0.24]), agent(['rack2', 640, 1, -3], true, 2)]),
    [
      '  agent rack1: 1,503 ops/s, 0 errors, clock +0.2 ms',
      '  agent rack2: 640 ops/s, 1 error, clock -3.0 ms, 2 s late, lost',
    ],
  );
});

function run(
  summary: Partial<NonNullable<RunDetail['summary']>>,
  endReason: string | null,
): RunDetail {
  return {
    id: 'run_a',
    status: 'completed',
    endReason,
    config: runConfigFixture(),
    environment: {} as RunDetail['environment'],
    summary: {
      opsPerSec: 2143.4,
      ops: 21434,
      errors: 1,
      errorsByCode: {},
      entriesPerOp: 1,
      measuredS: 10,
      latencyUs,
      ...summary,
    },
    samples: [],
    startedAt: '2026-11-27T10:00:00.000Z',
    endedAt: '2026-11-27T10:00:13.000Z',
    thresholdResults: null,
  };
}

test('a partial run on agents says PARTIAL naming the lost agent, then each agent', () => {
  const agents = [agent(['rack1', 1503.4, 0, 0.2]), agent(['rack2', 640, 1, -0.4], true)];
  const text = summaryText(
    run({ agents, partial: true }, 'partial: the run went on after the loss of agent rack2'),
  );
  const lines = text.split('\n');
  assert.equal(
    lines[2],
    '  PARTIAL: agent rack2 was lost and the run went on without it; the figures lack that load from then on',
  );
  assert.ok(lines.includes('  agent rack1: 1,503 ops/s, 0 errors, clock +0.2 ms'), text);
  assert.ok(lines.includes('  agent rack2: 640 ops/s, 1 error, clock -0.4 ms, lost'), text);
});

test('a whole run on agents has agent lines and no PARTIAL; a run on this machine has neither', () => {
  const a1 = agent(['a1', 1000, 0, 0]);
  const agents = [a1];
  const whole = summaryText(run({ agents }, null));
  assert.match(whole, /^ {2}agent a1: 1,000 ops\/s, 0 errors, clock \+0\.0 ms$/m);
  assert.doesNotMatch(whole, /PARTIAL/);
  const local = summaryText(run({}, null));
  assert.doesNotMatch(local, /agent|PARTIAL/);
  assert.deepEqual(partialLines({ summary: null }), []);
  assert.deepEqual(
    partialLines(
      run(
        {
          partial: true,
          agents: [
            { ...a1, lost: true },
            { ...a1, name: 'a2', lost: true },
          ],
        },
        null,
      ),
    ),
    [
      '  PARTIAL: agents a1, a2 were lost and the run went on without them; the figures lack that load from then on',
    ],
  );
});
