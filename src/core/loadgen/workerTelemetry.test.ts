import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WorkerTelemetrySampler } from './workerTelemetry.ts';

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
