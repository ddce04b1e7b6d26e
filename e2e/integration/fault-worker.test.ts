// A load worker SIGKILLed mid-run: noticed within 2 s, the run failed with the worker named, the other worker's seconds kept.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  assertAllExited,
  startRecordedRun,
  testRunConfig,
  trackedLauncher,
} from './engineHarness.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';

let slapd: TestSlapd;

before(async () => {
  slapd = await startTestSlapd(300);
});
after(async () => {
  await slapd.stop();
});

test('a worker killed with SIGKILL fails the run within 2 s, naming it; the seconds before and the other worker are kept', async () => {
  const { launcher, pids } = trackedLauncher();
  const config = testRunConfig(slapd.url, slapd.entries, {
    warmupS: 0,
    durationS: 6,
    workers: 2,
  });
  const run = startRecordedRun(config, launcher, {
    kind: 'salford',
    entries: slapd.entries,
    seed: slapd.seed,
  });
  await run.running;
  // 'running' comes 100 ms before t0.
  const t0Ms = Date.now() + 100;
  await new Promise((r) => setTimeout(r, 1600));
  const victim = pids[1] as number;
  process.kill(victim, 'SIGKILL');
  const killedMs = Date.now();
  const outcome = await run.handle.done;
  const endedMs = Date.now();
  // Detection, the stop of the other worker and its last partial second all fit in 2 s.
  assert.ok(endedMs - killedMs < 2000, `ended ${endedMs - killedMs} ms after the kill`);
  assert.equal(outcome.status, 'failed');
  assert.match(
    outcome.endReason ?? '',
    new RegExp(
      `^worker 2 \\(pid ${victim}\\) was ended by SIGKILL at 1\\.\\d s; the seconds merged so far and the other workers' seconds up to then are kept$`,
    ),
  );
  // One sample per elapsed second (the last one partial), within one.
  const elapsedS = (endedMs - t0Ms) / 1000;
  assert.ok(
    Math.abs(run.samples.length - Math.ceil(elapsedS)) <= 1,
    `${run.samples.length} samples for ${elapsedS.toFixed(1)} s`,
  );
  assert.deepEqual(
    run.samples.map((s) => s.second),
    run.samples.map((_, i) => i),
  );
  assert.ok(
    run.samples.every((s) => s.ops > 0 && s.errors === 0),
    'every kept second has ops',
  );
  // The last second runs past the kill (at about 1.5 s): its ops after the kill are the other worker's.
  const last = run.samples.at(-1);
  assert.ok(last !== undefined, 'seconds kept');
  const lastEndS = last.second + last.intervalMs / 1000;
  assert.ok(lastEndS > (killedMs - t0Ms) / 1000, `the kept seconds end at ${lastEndS} s`);
  await assertAllExited(pids);
});
