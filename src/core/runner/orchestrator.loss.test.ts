// Workers whose host (a load agent) is lost while the run goes on without it: the orchestrator
// merges the others' seconds, completes, and fails only when no worker is left.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunSample } from '../../shared/types.ts';
import { FakeWorker } from '../testing/fakeWorkers.ts';
import type { WorkerScript } from '../testing/fakeWorkers.ts';
import { intervalMessage } from '../testing/intervalMessage.ts';
import { runConfigFixture, runPlanFixture } from '../testing/runConfigFixture.ts';
import type { WorkerLauncher } from './launcher.ts';
import { startRun } from './orchestrator.ts';

/** A fake worker whose host can be lost (as a remote worker's agent can). */
class LosableWorker extends FakeWorker {
  private lostCb: ((reason: string) => void) | null = null;
  onLost(cb: (reason: string) => void): void {
    this.lostCb = cb;
  }
  /** Its host is lost: the orchestrator hears it on a later turn. */
  lose(reason: string): void {
    setImmediate(() => this.lostCb?.(reason));
  }
}

const interval = (second: number, ops: number) => intervalMessage(second, ops);

/** Three workers over 3 s; those in `doomed` report second 0, then their host is lost. */
function losingLauncher(doomed: ReadonlySet<number>): { launcher: WorkerLauncher; t0s: number[] } {
  const t0s: number[] = [];
  const script: WorkerScript = (w, m) => {
    if (m.type === 'start') w.emit({ type: 'ready', connections: m.connections, connectMs: 1 });
    if (m.type !== 'go') return;
    t0s.push(m.t0Ms);
    if (doomed.has(w.index)) {
      w.emit(interval(0, 100));
      (w as LosableWorker).lose(`the loss of agent host-${w.index}`);
      return;
    }
    for (const s of [0, 1, 2]) w.emit(interval(s, 10));
    w.emit({ type: 'done', reason: 'completed' });
    w.exit(0);
  };
  return { launcher: (index) => new LosableWorker(index, script), t0s };
}

const config = () => runConfigFixture({ connections: 3, workers: 3, warmupS: 0, durationS: 3 });

test('a lost worker is left out of the seconds after it; the run completes with the others', async () => {
  const { launcher } = losingLauncher(new Set([1]));
  const samples: RunSample[] = [];
  const plan = { ...runPlanFixture('r1', config()), stallMs: 60_000 };
  const outcome = await startRun(plan, launcher, { onSample: (s) => samples.push(s) }).done;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.deepEqual(
    samples.map((s) => s.ops),
    [120, 20, 20],
    'second 0 has all three, later seconds the two left',
  );
  assert.equal(outcome.summary?.ops, 160);
});

test('when every worker is lost the run fails, naming the last loss', async () => {
  const { launcher } = losingLauncher(new Set([0, 1, 2]));
  const outcome = await startRun(runPlanFixture('r2', config()), launcher, {
    onSample: () => undefined,
  }).done;
  assert.equal(outcome.status, 'failed');
  assert.match(outcome.endReason ?? '', /^the loss of agent host-\d; no worker is left$/);
});

test("goLeadMs sets how far ahead of 'all ready' load starts", async () => {
  const { launcher, t0s } = losingLauncher(new Set());
  const startedMs = Date.now();
  const plan = { ...runPlanFixture('r3', config()), goLeadMs: 2_000 };
  await startRun(plan, launcher, { onSample: () => undefined }).done;
  assert.equal(new Set(t0s).size, 1, 'one t0 for every worker');
  const leadMs = (t0s[0] ?? 0) - startedMs;
  assert.ok(leadMs >= 2_000 && leadMs < 2_500, `t0 ${leadMs} ms after the start`);
});
