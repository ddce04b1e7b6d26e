// A campaign's time left on an injected clock: lab builds from each kind's figures, then from the
// builds this campaign timed; a build past its figure by its load's pace, never 0 while it runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CampaignCell, MatrixSpec } from '../../shared/matrix.ts';
import { DEFAULT_MATRIX_RATES, labBuildS } from '../../shared/matrixSpecCells.ts';
import { campaignCellFixture } from '../testing/campaignCellFixture.ts';
import { matrixSpecFixture } from '../testing/matrixSpecFixture.ts';
import { CampaignEta } from './campaignEta.ts';

/** 2 s of warm-up and 8 s measured a cell, on 8 connections. */
const SPEC = matrixSpecFixture({
  servers: [{ lab: 'openldap' }, { lab: 'opendj' }],
  sizes: [10_000],
  connections: [8],
  warmupS: 2,
  durationS: 8,
}) as unknown as MatrixSpec;

const cell = campaignCellFixture;

/** A clock the test moves. */
function clock(): { nowMs: () => number; advanceS: (s: number) => void } {
  let ms = 1_000_000;
  return { nowMs: () => ms, advanceS: (s) => (ms += s * 1000) };
}

const RUN_S = SPEC.warmupS + SPEC.durationS + DEFAULT_MATRIX_RATES.cellOverheadS;
const build = (lab: 'openldap' | 'opendj', entries = 10_000) => labBuildS(SPEC, lab, entries);

test('before anything runs: every cell and every lab build, from the figures', () => {
  const cells = [
    cell(0, { lab: 'openldap' }),
    cell(1, { lab: 'openldap' }),
    cell(2, { lab: 'opendj' }),
  ];
  const left = new CampaignEta(SPEC, clock().nowMs).left(cells);
  const labsS = build('openldap') + build('opendj');
  assert.deepEqual(left, { etaS: Math.round(3 * RUN_S + labsS), labsS: Math.round(labsS) });
  assert.ok(
    build('opendj') > 5 * build('openldap'),
    'an OpenDJ lab costs more than an OpenLDAP one',
  );
});

test('a lab loading past its figure for a later cell: its load pace, never "0 s left"', () => {
  const t = clock();
  const eta = new CampaignEta(SPEC, t.nowMs);
  const done = { ...cell(0, { lab: 'openldap' }), status: 'done' as const };
  const later = { ...cell(1, { lab: 'opendj' }, 100_000), status: 'running' as const };
  eta.cellBegan(later);
  eta.labProgress({ step: 'generate', done: 0, total: 100_000 });
  t.advanceS(600);
  eta.labProgress({ step: 'load', done: 10_000, total: 100_000 });
  // Ten minutes in, far past the figure: a quarter of the load left at the pace it went.
  t.advanceS(60);
  eta.labProgress({ step: 'load', done: 75_000, total: 100_000 });
  const left = eta.left([done, later]);
  assert.equal(left.labsS, 20);
  assert.equal(left.etaS, 20 + RUN_S);
  // With no pace to go by, still something left while the build goes on.
  t.advanceS(3600);
  eta.labProgress({ step: 'start', done: 0, total: 1 });
  assert.ok(eta.left([done, later]).labsS >= 1);
});

test("the campaign's own builds scale the figures: the same kind by its own, others by the pace seen", () => {
  const t = clock();
  const eta = new CampaignEta(SPEC, t.nowMs);
  const cells = [
    cell(0, { lab: 'openldap' }),
    cell(1, { lab: 'openldap' }, 100_000),
    cell(2, { lab: 'opendj' }),
  ];
  const first = cells[0] as CampaignCell;
  first.status = 'running';
  eta.cellBegan(first);
  eta.labProgress({ step: 'generate', done: 0, total: 10_000 });
  // Three times the figure.
  t.advanceS(3 * build('openldap'));
  eta.labReady();
  const rates = eta.rates();
  assert.ok(
    Math.abs(labBuildS(SPEC, 'openldap', 100_000, rates) - 3 * build('openldap', 100_000)) < 1e-6,
  );
  assert.ok(Math.abs(labBuildS(SPEC, 'opendj', 10_000, rates) - 3 * build('opendj')) < 1e-6);
  // The cell that follows on the lab just built needs no build of its own.
  eta.runBegan();
  const left = eta.left(cells);
  const labsS = 3 * build('openldap', 100_000) + 3 * build('opendj');
  assert.equal(left.labsS, Math.round(labsS));
  assert.equal(left.etaS, Math.round(RUN_S + 2 * RUN_S + labsS));
});

test("a run counts down; finished runs set the cells' overhead", () => {
  const t = clock();
  const eta = new CampaignEta(SPEC, t.nowMs);
  const target = cell(0, { targetId: 'tgt-a' });
  const next = cell(1, { targetId: 'tgt-a' });
  target.status = 'running';
  eta.cellBegan(target);
  eta.labReady();
  eta.runBegan();
  t.advanceS(4);
  assert.deepEqual(eta.left([target, next]), { etaS: Math.round(2 * RUN_S - 4), labsS: 0 });
  // The run took 16 s for 10 s of warm-up and measured time: 6 s of overhead, not 3.
  t.advanceS(12);
  eta.runEnded();
  target.status = 'done';
  assert.deepEqual(eta.left([target, next]), { etaS: 16, labsS: 0 });
});
