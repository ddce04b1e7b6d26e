import assert from 'node:assert/strict';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gcKind } from './gcPauses.ts';
import { WorkerTelemetrySampler } from './workerTelemetry.ts';

const MAJOR = constants.NODE_PERFORMANCE_GC_MAJOR;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function burn(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Busy on purpose: the sampler must see this as CPU and a busy event loop.
  }
}

test('a busy span reads as high CPU and utilisation, an idle one as low', async () => {
  let outstanding = 3;
  const sampler = new WorkerTelemetrySampler(2, () => outstanding);
  try {
    // Short blocks with gaps, so the delay monitor's timer gets to run between them.
    for (let i = 0; i < 10; i++) {
      burn(30);
      await sleep(1);
    }
    const busy = sampler.take();
    assert.equal(busy.worker, 2);
    assert.equal(busy.outstanding, 3);
    // CPU depends on how much of a core this shared machine gave us; it is compared with idle below.
    assert.ok(busy.cpuPercent > 0, `cpu ${busy.cpuPercent}`);
    assert.ok(busy.eventLoopUtilization > 0.6, `elu ${busy.eventLoopUtilization}`);
    assert.ok(busy.eventLoopUtilization <= 1);
    assert.ok(Number.isInteger(busy.eventLoopDelayP99Us));
    assert.ok(busy.eventLoopDelayP99Us > 5_000, `delay ${busy.eventLoopDelayP99Us}`);

    await sleep(300);
    outstanding = 0;
    const idle = sampler.take();
    assert.ok(idle.cpuPercent < busy.cpuPercent, `cpu ${idle.cpuPercent} vs ${busy.cpuPercent}`);
    assert.ok(idle.eventLoopUtilization < 0.5, `elu ${idle.eventLoopUtilization}`);
    assert.ok(Number.isInteger(idle.eventLoopDelayP99Us) && idle.eventLoopDelayP99Us >= 0);
    assert.equal(idle.outstanding, 0);
  } finally {
    sampler.stop();
  }
});

test('seconds shipped in one burst share the reading, with the current outstanding count', async () => {
  let outstanding = 1;
  const sampler = new WorkerTelemetrySampler(1, () => outstanding);
  try {
    await sleep(150);
    const first = sampler.take();
    outstanding = 5;
    const second = sampler.take();
    assert.deepEqual(second, { ...first, outstanding: 5 });
  } finally {
    sampler.stop();
  }
});

test('a reading carries the GC pauses of its span; the next span starts from none', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const sampler = new WorkerTelemetrySampler(1, () => 0);
  // A second observer of the same entries: Node hands each batch to every observer in one turn.
  let seen: () => void = () => {};
  const majorSeen = new Promise<void>((resolve) => (seen = resolve));
  const watcher = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => gcKind(e) === MAJOR)) seen();
  });
  watcher.observe({ entryTypes: ['gc'] });
  try {
    gc();
    await majorSeen;
    // Past the burst window, so this is a fresh reading rather than the previous one repeated.
    await sleep(120);
    const reading = sampler.take();
    assert.ok((reading.majorGcCount ?? 0) >= 1, JSON.stringify(reading));
    assert.ok((reading.gcCount ?? 0) >= (reading.majorGcCount ?? 0), JSON.stringify(reading));
    assert.ok(
      (reading.gcPauseMs ?? 0) > 0 && (reading.gcPauseMs ?? 0) <= 1000,
      JSON.stringify(reading),
    );
    await sleep(120);
    assert.equal(sampler.take().majorGcCount, 0);
  } finally {
    watcher.disconnect();
    sampler.stop();
  }
});
