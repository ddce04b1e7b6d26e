import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ApiError } from './errors.ts';
import type { MatrixSpec } from './matrix.ts';
import {
  estimateMatrixS,
  expandMatrixCells,
  labBuildCount,
  validateMatrixSpec,
} from './matrixSpec.ts';
import { cellLabKey, DEFAULT_MATRIX_RATES } from './matrixSpecCells.ts';

const BASE = {
  name: 'two profiles',
  servers: [{ lab: 'openldap' }],
  sizes: [100_000, 10_000],
  indexProfiles: ['salford-indexed', 'salford-unindexed'],
  workloads: ['salford/S.1', 'read-random'],
  connections: [8],
  repeats: 1,
  warmupS: 1,
  durationS: 2,
};

/** Asserts that validating `input` throws a validation error naming `field`. */
function rejects(input: unknown, field: string, pattern: RegExp): void {
  assert.throws(
    () => validateMatrixSpec(input),
    (err: unknown) =>
      err instanceof ApiError &&
      err.kind === 'validation' &&
      err.field === field &&
      pattern.test(err.message),
  );
}

test('a valid matrix is normalized: defaults filled in, sizes ascending', () => {
  const spec = validateMatrixSpec(BASE);
  assert.deepEqual(spec.sizes, [10_000, 100_000]);
  assert.equal(spec.shape, 'salford');
  assert.equal(spec.load, 'offline');
  assert.equal(spec.depth, 1);
  assert.equal(spec.seed, 1);
  assert.deepEqual(spec.policies, [{ kind: 'persistent' }]);
  const withPolicies = validateMatrixSpec({
    ...BASE,
    policies: ['reconnect:100', { kind: 'per-op' }],
  });
  assert.deepEqual(withPolicies.policies, [
    { kind: 'reconnect', everyOps: 100 },
    { kind: 'per-op' },
  ]);
});

test('bad fields are named with their path and the reason', () => {
  rejects(null, '', /JSON object/);
  rejects({ ...BASE, size: [1] }, 'size', /unknown field "size"/);
  rejects({ ...BASE, name: ' ' }, 'name', /non-empty/);
  rejects({ ...BASE, sizes: [10, 20, 0] }, 'sizes[2]', /between 1 and 10000000/);
  rejects({ ...BASE, sizes: [10, 20, 20_000_000] }, 'sizes[2]', /between 1 and 10000000/);
  rejects({ ...BASE, sizes: [10, 10] }, 'sizes[1]', /repeats sizes\[0\]/);
  rejects({ ...BASE, sizes: [] }, 'sizes', /at least one/);
  rejects({ ...BASE, servers: [{ lab: 'slapd' }] }, 'servers[0].lab', /openldap, 389ds, opendj/);
  rejects({ ...BASE, servers: [{ lab: 'openldap', targetId: 'x' }] }, 'servers[0]', /exactly one/);
  rejects(
    { ...BASE, servers: [{ lab: 'openldap' }, { lab: 'openldap' }] },
    'servers[1]',
    /repeats/,
  );
  rejects({ ...BASE, servers: [] }, 'servers', /at least one/);
  // Found by the fuzz test (seed 1930980465): quoting such a value must not throw.
  rejects({ ...BASE, load: { toString: false } }, 'load', /"\{"toString":false\}" is not one of/);
  rejects({ ...BASE, load: 10n }, 'load', /"a bigint" is not one of/);
  rejects({ ...BASE, workloads: ['a', ''] }, 'workloads[1]', /non-empty/);
  rejects({ ...BASE, workloads: ['a', 'a'] }, 'workloads[1]', /repeats/);
  rejects({ ...BASE, connections: [0] }, 'connections[0]', /between 1 and/);
  rejects({ ...BASE, connections: [1.5] }, 'connections[0]', /whole number/);
  rejects({ ...BASE, repeats: 21 }, 'repeats', /between 1 and 20/);
  rejects({ ...BASE, warmupS: -1 }, 'warmupS', /between 0 and/);
  rejects({ ...BASE, durationS: 0 }, 'durationS', /between 1 and/);
  rejects({ ...BASE, indexProfiles: [] }, 'indexProfiles', /at least one/);
  rejects({ ...BASE, policies: ['sometimes'] }, 'policies[0]', /unknown connection policy/);
  rejects({ ...BASE, policies: ['per-op', { kind: 'per-op' }] }, 'policies[1]', /repeats/);
  rejects({ ...BASE, shape: 'tree' }, 'shape', /salford, flat/);
  rejects({ ...BASE, id: 'mine' }, 'id', /user\/NAME/);
  rejects({ ...BASE, poolEntries: 0 }, 'poolEntries', /between 1 and/);
  rejects(
    {
      ...BASE,
      connections: [1, 2, 3, 4],
      repeats: 20,
      sizes: [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
        26, 27, 28, 29, 30, 31, 32,
      ],
    },
    'servers',
    /at most 10,000/,
  );
});

test('agents: kept as given (broker trimmed) for every cell; a bad broker, names or loss policy is named', () => {
  const agents = { broker: ' b-1 ', names: ['rack1', 'rack2'], onAgentLoss: 'continue' };
  assert.deepEqual(validateMatrixSpec({ ...BASE, agents }).agents, {
    broker: 'b-1',
    names: ['rack1', 'rack2'],
    onAgentLoss: 'continue',
  });
  const byUrl = { broker: 'tls://bench:4222', names: 'all', credentialsFile: '/c.json' };
  assert.deepEqual(validateMatrixSpec({ ...BASE, agents: byUrl }).agents, byUrl);
  assert.equal(validateMatrixSpec(BASE).agents, undefined);
  rejects({ ...BASE, agents: 'all' }, 'agents', /agents must be an object/);
  rejects({ ...BASE, agents: { names: 'all' } }, 'agents.broker', /choose a broker/);
  rejects({ ...BASE, agents: { broker: 'b-1', names: [] } }, 'agents.names', /or "all"/);
  rejects(
    { ...BASE, agents: { broker: 'b-1', names: ['rack 1'] } },
    'agents.names',
    /agent name "rack 1" must be 1-40 letters/,
  );
  rejects(
    { ...BASE, agents: { broker: 'b-1', names: 'all', onAgentLoss: 'retry' } },
    'agents.onAgentLoss',
    /"fail" \(the default\) or "continue"/,
  );
  rejects(
    { ...BASE, agents: { broker: 'tls://bench:4222', names: 'all' } },
    'agents.credentialsFile',
    /credentials file/,
  );
  rejects(
    { ...BASE, agents: { broker: 'b-1', names: 'all', password: 'x' } },
    'agents.password',
    /not a field of agents: it has broker, names/,
  );
});

test('lab axes are required only when a lab server is present', () => {
  const spec = validateMatrixSpec({
    ...BASE,
    servers: [{ targetId: 't1' }],
    sizes: [],
    indexProfiles: [],
  });
  const cells = expandMatrixCells(spec);
  assert.equal(cells.length, 2);
  assert.deepEqual(
    cells.map((c) => [c.entries, c.indexProfile]),
    [
      [null, null],
      [null, null],
    ],
  );
  assert.equal(labBuildCount(cells), 0);
});

test('cells run per server, per profile, sizes ascending, then workloads, connections, policies, repeats', () => {
  const spec = validateMatrixSpec({ ...BASE, connections: [1, 4], repeats: 2 });
  const cells = expandMatrixCells(spec);
  assert.equal(cells.length, 2 * 2 * 2 * 2 * 2);
  assert.deepEqual(
    cells.map((c) => c.index),
    [...cells.keys()],
  );
  const first = cells
    .slice(0, 4)
    .map((c) => [c.indexProfile, c.entries, c.workload, c.connections, c.repeat]);
  assert.deepEqual(first, [
    ['salford-indexed', 10_000, 'salford/S.1', 1, 1],
    ['salford-indexed', 10_000, 'salford/S.1', 1, 2],
    ['salford-indexed', 10_000, 'salford/S.1', 4, 1],
    ['salford-indexed', 10_000, 'salford/S.1', 4, 2],
  ]);
  assert.equal(cells[8]?.entries, 100_000);
  assert.equal(cells[16]?.indexProfile, 'salford-unindexed');
  assert.equal(labBuildCount(cells), 4);
});

test('study concurrency replaces the connections axis for workloads whose catalog has one', () => {
  const spec = validateMatrixSpec({ ...BASE, connections: [1, 2], studyConcurrency: true });
  const cells = expandMatrixCells(spec, (w) =>
    w === 'salford/S.1' ? { connections: 50, depth: 1 } : null,
  );
  const s1 = cells.filter((c) => c.workload === 'salford/S.1');
  const rr = cells.filter((c) => c.workload === 'read-random');
  assert.deepEqual([...new Set(s1.map((c) => c.connections))], [50]);
  assert.deepEqual([...new Set(rr.map((c) => c.connections))], [1, 2]);
  assert.equal(cells.length, 4 * (1 + 2));
});

test('estimate: cells x (warm-up + measured + overhead) plus one build per lab from its figures', () => {
  const spec = validateMatrixSpec(BASE);
  const r = DEFAULT_MATRIX_RATES;
  // OpenLDAP's measured slapadd: 0.3 s at 10,000 and 3.9 s at 100,000, and 2 s of setup.
  const build = (entries: number, loadS: number) => entries / r.generateEntriesPerS + loadS + 2;
  const builds = 2 * build(10_000, 0.3) + 2 * build(100_000, 3.9);
  assert.equal(estimateMatrixS(spec), Math.round(8 * (1 + 2 + r.cellOverheadS) + builds));
  // Over LDAP (no measured OpenLDAP figure: 400 adds a second) it takes longer.
  const slower = estimateMatrixS({ ...spec, load: 'protocol' });
  assert.ok(slower > estimateMatrixS(spec) + (2 * 100_000) / 400 - 10, String(slower));
  // A slower server's builds count: OpenDJ's setup and import-ldif.
  const opendj = estimateMatrixS({ ...spec, servers: [{ lab: 'opendj' }] });
  assert.ok(opendj > estimateMatrixS(spec) + 4 * 15, String(opendj));
});

const axis = <T>(arb: fc.Arbitrary<T>, max: number) =>
  fc.uniqueArray(arb, { minLength: 1, maxLength: max });

const specArb: fc.Arbitrary<MatrixSpec> = fc
  .record({
    servers: fc.uniqueArray(
      fc.oneof(
        fc.constantFrom('openldap', '389ds', 'opendj').map((lab) => ({ lab })),
        fc.constantFrom('t1', 't2').map((targetId) => ({ targetId })),
      ),
      { minLength: 1, maxLength: 4, selector: (s) => JSON.stringify(s) },
    ),
    sizes: axis(fc.integer({ min: 1, max: 10_000_000 }), 4),
    indexProfiles: axis(fc.constantFrom('a', 'b', 'c'), 3),
    workloads: axis(fc.constantFrom('w1', 'w2', 'w3'), 3),
    connections: axis(fc.integer({ min: 1, max: 128 }), 3),
    policies: fc.uniqueArray(fc.constantFrom('persistent', 'per-op', 'rebind'), {
      minLength: 1,
      maxLength: 3,
    }),
    repeats: fc.integer({ min: 1, max: 3 }),
  })
  .map((axes) => validateMatrixSpec({ name: 'p', warmupS: 0, durationS: 1, ...axes }));

test('property: cells are the product of the axes, indexed in order', () => {
  fc.assert(
    fc.property(specArb, (spec) => {
      const cells = expandMatrixCells(spec);
      const perServer =
        spec.workloads.length *
        spec.connections.length *
        (spec.policies?.length ?? 1) *
        spec.repeats;
      const expected = spec.servers.reduce(
        (n, s) => n + perServer * ('lab' in s ? spec.sizes.length * spec.indexProfiles.length : 1),
        0,
      );
      assert.equal(cells.length, expected);
      assert.ok(cells.every((c, i) => c.index === i));
      assert.equal(
        new Set(cells.map((c) => JSON.stringify({ ...c, index: 0 }))).size,
        cells.length,
      );
    }),
  );
});

test('property: the cells of each lab build are contiguous, sizes ascending within a server and profile', () => {
  fc.assert(
    fc.property(specArb, (spec) => {
      const cells = expandMatrixCells(spec);
      const seen = new Set<string>();
      let previous: string | null = null;
      for (const cell of cells) {
        const key = cellLabKey(cell);
        if (key !== null && key !== previous) {
          assert.ok(!seen.has(key), `lab ${key} built twice`);
          seen.add(key);
        }
        previous = key;
      }
      assert.equal(labBuildCount(cells), seen.size);
      for (let i = 1; i < cells.length; i++) {
        const [a, b] = [cells[i - 1], cells[i]];
        if (
          a &&
          b &&
          JSON.stringify(a.server) === JSON.stringify(b.server) &&
          a.indexProfile === b.indexProfile
        )
          assert.ok((a.entries ?? 0) <= (b.entries ?? 0));
      }
    }),
  );
});

test('a lab server may name replicas: kept, its own server and its own lab builds', () => {
  const spec = validateMatrixSpec({
    ...BASE,
    servers: [{ lab: 'openldap' }, { lab: 'openldap', replicas: 1 }, { lab: '389ds', replicas: 0 }],
  });
  assert.deepEqual(spec.servers, [
    { lab: 'openldap' },
    { lab: 'openldap', replicas: 1 },
    { lab: '389ds' },
  ]);
  const keys = new Set(expandMatrixCells(spec).map(cellLabKey));
  assert.equal(keys.size, 3 * 2 * 2, 'servers x profiles x sizes');
  rejects(
    { ...BASE, servers: [{ lab: 'openldap', replicas: 9 }] },
    'servers[0].replicas',
    /between 0 and 4/,
  );
  rejects(
    { ...BASE, servers: [{ targetId: 't', replicas: 1 }] },
    'servers[0]',
    /exactly one of lab or targetId/,
  );
});
