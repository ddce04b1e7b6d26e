// Per-operation results stay under their own labels through a real run: workers, merge, summary and
// the stored per-second histograms, with numeric, unicode and look-alike labels in one mix.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RunSample } from '../../src/shared/types.ts';
import type { WorkloadSpec } from '../../src/shared/workload.ts';
import { decodeHistogram, summarize } from '../../src/core/loadgen/histogram.ts';
import { parseOperationHistograms } from '../../src/core/store/operationHistograms.ts';
import { TRICKY_LABELS } from '../../src/core/testing/operationLabelCases.ts';
import { assertAllExited } from './engineHarness.ts';
import { startWorkloadLab } from './workloadLab.ts';
import type { WorkloadLab } from './workloadLab.ts';

let lab: WorkloadLab;

before(async () => {
  lab = await startWorkloadLab(1_000);
});

after(async () => {
  await lab?.close();
});

/** Label i searches the people with a size limit of i + 1, so each op of it returns i + 1 entries. */
const MIX: WorkloadSpec = {
  id: 'test/labels',
  title: 'Tricky labels',
  operations: TRICKY_LABELS.map((label, i) => ({
    label,
    // Distinct weights give every label its own op count per second.
    weight: i + 1,
    operation: {
      kind: 'search',
      base: 'o=Salford,c=gb',
      scope: 'sub',
      filter: '(objectClass=person)',
      attributes: ['1.1'],
      sizeLimit: i + 1,
    },
  })),
};

test('a mix with numeric, unicode and look-alike labels keeps each label its own figures and histograms', async () => {
  const run = await lab.run(MIX, { workers: 2, connections: 2, durationS: 2 });
  assert.equal(run.status, 'completed', run.endReason ?? '');
  await assertAllExited(lab.workerPids);

  const operations = run.summary?.operations ?? assert.fail('a mix summary lists its operations');
  assert.deepEqual(Object.keys(operations).sort(), [...TRICKY_LABELS].sort());
  TRICKY_LABELS.forEach((label, i) => {
    const o = Object.hasOwn(operations, label) ? operations[label] : undefined;
    assert.ok(o !== undefined && o.ops > 0, `${label} ran`);
    // The entry count is the label's fingerprint: figures under another label would show another.
    assert.equal(o.entriesPerOp, i + 1, label);
    assert.equal(o.errors, 0, `${label}: ${JSON.stringify(o.errorsByCode)}`);
  });

  const rows = lab.core.db
    .prepare(
      'SELECT second, operation_histograms_json AS json FROM run_samples WHERE run_id = ? ORDER BY second',
    )
    .all(run.id) as { second: number; json: string | null }[];
  assert.equal(rows.length, run.samples.length);
  for (const row of rows) {
    const sample = run.samples.find((s) => s.second === row.second) as RunSample;
    const stored = parseOperationHistograms(row.json ?? assert.fail(`second ${row.second}`));
    assert.deepEqual([...stored.keys()].sort(), [...TRICKY_LABELS].sort());
    for (const label of TRICKY_LABELS) {
      const figures = sample.operations?.[label] ?? assert.fail(`${label} in ${row.second}`);
      const h = decodeHistogram(stored.get(label) as string);
      // Each stored histogram is the one behind its own label's figures of that second.
      assert.equal(h.totalCount, figures.ops, `second ${row.second} ${label}`);
      assert.deepEqual(summarize(h), figures.latencyUs, `second ${row.second} ${label}`);
    }
  }
});
