import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import type { ReferenceTable } from '../../shared/reference.ts';
import { resourcePath } from '../base/resources.ts';
import { referenceHandlers } from '../api/referenceHandlers.ts';
import { loadReferenceData } from './referenceData.ts';
import { validateReferenceFile } from './validateReference.ts';

const tables = loadReferenceData();

function table(id: string): ReferenceTable {
  const found = tables.find((t) => t.id === id);
  assert.ok(found, `table ${id} exists`);
  return found;
}

function cell(id: string, series: string, x: number) {
  const line = table(id).series.find((s) => s.name === series);
  assert.ok(line, `${id} has series ${series}`);
  const point = line.points.find((p) => p.x === x);
  assert.ok(point, `${id} / ${series} has x=${x}`);
  return point;
}

/** A minimal valid table, for the error tests. */
function minimal(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'salford/t',
    study: 'S',
    table: 'Table 1',
    title: 'T',
    source: 'seed',
    hardware: 'hw',
    metric: 'm',
    unit: 'ops/s',
    xLabel: 'entries',
    workload: 'salford/S.1',
    series: [{ name: 'A', points: [{ x: 10000, value: 1 }] }],
    notes: '',
    ...changes,
  };
}

const context = { prefix: 'salford', workloads: new Set(['salford/S.1']) };

function rejects(value: unknown, field: string, message: RegExp) {
  assert.throws(
    () => validateReferenceFile(value, context),
    (err: unknown) => err instanceof ApiError && err.field === field && message.test(err.message),
  );
}

describe('shipped reference data', () => {
  test('every study has its file and every table id is unique', () => {
    const prefixes = new Set(tables.map((t) => t.id.split('/')[0]));
    assert.deepEqual([...prefixes].sort(), [
      'directorymark',
      'ldap-performance',
      'mvault',
      'salford',
      'unboundid',
    ]);
    assert.equal(new Set(tables.map((t) => t.id)).size, tables.length);
  });

  test('Salford Tables 3-15 are all there, each on the four sizes', () => {
    for (let n = 3; n <= 15; n++) {
      const t = table(`salford/table-${n}`);
      assert.equal(t.table, `Table ${n}`);
      for (const s of t.series) {
        assert.deepEqual(
          s.points.map((p) => p.x),
          [10_000, 100_000, 1_000_000, 10_000_000],
        );
      }
    }
  });

  test('load times are seconds with the printed hh:mm:ss kept', () => {
    assert.deepEqual(cell('salford/table-3', 'OpenLDAP 2.0.23', 10_000), {
      x: 10_000,
      value: 37,
      text: '00:00:37',
    });
    assert.equal(
      cell('salford/table-3', 'OpenLDAP 2.0.23', 1_000_000).value,
      13 * 3600 + 12 * 60 + 36,
    );
    assert.equal(table('salford/table-3').unit, 's');
    const failed = cell('salford/table-3', 'IBM SecureWay Directory 3.2.2', 10_000_000);
    assert.equal(failed.value, null);
    assert.equal(failed.text, '-');
    assert.match(failed.note ?? '', /repeatedly failed/);
  });

  test('spot checks across the studies', () => {
    const sun = 'iPlanet/SunONE Directory Server 5.1 (evaluation)';
    assert.equal(cell('salford/table-5', sun, 1_000_000).value, 2381);
    assert.equal(cell('salford/table-5', sun, 1_000_000).text, '2381.0');
    assert.equal(cell('salford/table-15', 'OpenLDAP 2.0.23', 100_000).value, 7.4);
    assert.equal(table('salford/table-7').workload, 'salford/S.3');
    assert.ok(!table('salford/table-10').series.some((s) => s.name.startsWith('Syntegra')));
    assert.equal(
      cell('mvault/results', 'Max search rate (no attributes returned)', 1_000_000).value,
      106_000,
    );
    assert.equal(
      cell('mvault/binds', 'SASL with SCRAM, re-using LDAP connection', 1_000_000).value,
      400,
    );
    assert.equal(cell('unboundid/modify', 'UnboundID (synchronous mode)', 0).value, 242_248.797);
    assert.equal(cell('directorymark/peak', 'Netscape Directory Server 3.0', 10_000).value, 183.6);
    assert.equal(cell('ldap-performance/latency', 'Front-end processing', 10_000).value, 3.2);
  });

  test('categorical tables use column indexes', () => {
    for (const t of tables.filter((x) => x.columns !== undefined)) {
      for (const s of t.series) {
        for (const p of s.points) assert.ok(p.x < (t.columns?.length ?? 0), `${t.id} ${s.name}`);
      }
    }
  });

  test('reference/list answers every table', async () => {
    const listed = await referenceHandlers(() => tables)['reference/list']();
    assert.equal(listed.length, tables.length);
  });
});

describe('reference file validation', () => {
  test('a minimal table passes', () => {
    assert.equal(validateReferenceFile([minimal()], context)[0]?.id, 'salford/t');
  });

  test('errors name the field', () => {
    rejects([minimal({ unit: 'ops' })], 'tables[0].unit', /must be one of/);
    rejects([minimal({ id: 'mvault/t' })], 'tables[0].id', /salford\/name/);
    rejects([minimal({ workload: 'salford/S.9' })], 'tables[0].workload', /not a workload/);
    rejects(
      [minimal({ series: [{ name: 'A', points: [{ x: 1, value: null }] }] })],
      'tables[0].series[0].points[0].text',
      /printed text/,
    );
    rejects(
      [
        minimal({
          series: [
            {
              name: 'A',
              points: [
                { x: 2, value: 1 },
                { x: 1, value: 1 },
              ],
            },
          ],
        }),
      ],
      'tables[0].series[0].points[1]',
      /increasing x/,
    );
    rejects(
      [minimal({ columns: ['only'], series: [{ name: 'A', points: [{ x: 1, value: 1 }] }] })],
      'tables[0].series[0].points[0].x',
      /between 0 and 0/,
    );
    rejects([minimal({ colour: 'red' })], 'tables[0].colour', /unknown field/);
  });

  test('a table id used twice is rejected, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dirbench-reference-'));
    try {
      cpSync(resourcePath('data', 'index-profiles.json'), join(dir, 'index-profiles.json'));
      cpSync(resourcePath('data', 'workloads'), join(dir, 'workloads'), { recursive: true });
      mkdirSync(join(dir, 'reference'));
      const file = join(dir, 'reference', 'salford.json');
      writeFileSync(file, JSON.stringify([minimal(), minimal({ id: 'salford/u' })]));
      assert.equal(loadReferenceData(dir).length, 2);
      writeFileSync(file, JSON.stringify([minimal(), minimal()]));
      assert.throws(() => loadReferenceData(dir), /'salford\/t' is also used in .*salford\.json/);
      writeFileSync(file, '[');
      assert.throws(() => loadReferenceData(dir), /cannot read .*salford\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
