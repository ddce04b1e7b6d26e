// A campaign's progress events while a cell's lab loads for longer than its figures say: the time
// left stays the load's rest (at the pace it goes) plus the cell's run, never "about 0 s left".
// Through executeCell with the lab and the run faked and Date mocked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiEventMessage } from '../../shared/api.ts';
import type { LabProgress } from '../../shared/labTypes.ts';
import type { CampaignCell, CampaignProgress, MatrixSpec } from '../../shared/matrix.ts';
import type { RunDetail } from '../../shared/types.ts';
import { CampaignProgressTracker } from './campaignProgress.ts';
import { campaignCellFixture } from '../testing/campaignCellFixture.ts';
import { matrixSpecFixture } from '../testing/matrixSpecFixture.ts';
import { activeCampaign, executeCell } from './cellExecution.ts';
import type { CellDeps } from './cellExecution.ts';
import type { CampaignLabs } from './labForCell.ts';

/** 2 s of warm-up and 8 s measured a cell, on 8 connections. */
const SPEC = matrixSpecFixture({
  servers: [{ lab: 'opendj' }],
  sizes: [100_000],
  connections: [8],
  warmupS: 2,
  durationS: 8,
}) as unknown as MatrixSpec;

test('a lab loading past its figures keeps its rest and the run in the time left', async (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  const events: CampaignProgress[] = [];
  const emit = (m: ApiEventMessage): void => {
    if (m.event === 'campaign/progress') events.push(m.payload);
  };
  const cells = [campaignCellFixture(0, { lab: 'opendj' }, 100_000)];
  const progress = new CampaignProgressTracker(emit, 'cmp-1', SPEC, cells);
  const step = (step: LabProgress['step'], done: number): LabProgress => ({
    labId: 'lab-1',
    step,
    done,
    total: 100_000,
    message: `${step} ${done}`,
  });
  let duringLoad: CampaignProgress | undefined;
  const labs = {
    targetFor: (_cell: unknown, _spec: unknown, _signal: unknown, on: (p: LabProgress) => void) => {
      on(step('generate', 0));
      // Ten minutes into the build, far past its figures, a tenth loaded; a minute later 75%.
      t.mock.timers.tick(600_000);
      on(step('load', 10_000));
      t.mock.timers.tick(60_000);
      on(step('load', 75_000));
      duringLoad = events.at(-1);
      return Promise.resolve('tgt-1');
    },
  } as unknown as CampaignLabs;
  const campaign = activeCampaign({ id: 'cmp-1', spec: SPEC, cells }, labs, progress);
  const deps = {
    runService: {
      start: () =>
        Promise.resolve({
          runId: 'run-1',
          notes: [],
          done: Promise.resolve({ status: 'completed', summary: null } as unknown as RunDetail),
        }),
    },
    campaigns: { setCell: () => {}, resetCell: () => {}, linkRun: () => {} },
    workloads: { get: () => ({ operations: [] }) },
    emit,
  } as unknown as CellDeps;
  await executeCell(campaign, cells[0] as CampaignCell, deps);
  progress.stopTicking();

  // A quarter left at 65% a minute: 20 s, and the run's 2 + 8 s with its overhead after it.
  assert.ok(duringLoad !== undefined);
  assert.ok((duringLoad.etaS ?? 0) >= 20 + 10, JSON.stringify(duringLoad));
  assert.ok((duringLoad.etaLabsS ?? 0) >= 20, JSON.stringify(duringLoad));
  assert.ok(
    events.every((e) => e.etaS === null || e.etaS > 0, 'never "0 s left" with a cell to run'),
  );
});
