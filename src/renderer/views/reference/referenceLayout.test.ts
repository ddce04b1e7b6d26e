import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ReferenceTable } from '../../../shared/reference.ts';
import { drawsAsBars, plottedCount, referenceChartOption, timeStep } from './referenceChart.ts';
import { cellNotes, cellText, formatValue, gridColumns, groupByStudy } from './referenceLayout.ts';

/** A load-time table shaped like Salford's Table 3, cut to two servers. */
const LOADS: ReferenceTable = {
  id: 'salford/table-3',
  study: 'Salford: a comparison',
  table: 'Table 3',
  title: 'Indexed Directory Load Times (HH:MM:SS)',
  source: 'seed 000',
  hardware: 'Pentium 3',
  metric: 'load time',
  unit: 's',
  xLabel: 'entries',
  workload: null,
  notes: '',
  series: [
    {
      name: 'OpenLDAP 2.0.23',
      points: [
        { x: 10_000, value: 37, text: '00:00:37' },
        { x: 10_000_000, value: null, text: '-', note: 'failed' },
      ],
    },
    { name: 'Aphelion', points: [{ x: 100_000, value: 35 }] },
  ],
};

/** A categorical table shaped like UnboundID's. */
const SDKS: ReferenceTable = {
  ...LOADS,
  id: 'unboundid/modify',
  study: 'UnboundID: SDKs',
  unit: 'ops/s',
  xLabel: 'highest throughput',
  columns: ['Highest throughput'],
  series: [
    { name: 'JNDI', points: [{ x: 0, value: 139_593.362, text: '139,593.362 searches/sec' }] },
    { name: 'Novell', points: [{ x: 0, value: 122_199.697 }] },
  ],
};

describe('reference table layout', () => {
  test('columns are every x in order, sizes as 10K/1M, categories as printed', () => {
    assert.deepEqual(
      gridColumns(LOADS).map((c) => c.heading),
      ['10K', '100K', '10M'],
    );
    assert.deepEqual(
      gridColumns(SDKS).map((c) => c.heading),
      ['Highest throughput'],
    );
  });

  test('cells show the printed text, else the value in its unit, else nothing', () => {
    const [openldap, aphelion] = LOADS.series;
    assert.equal(cellText(LOADS, openldap?.points[0]), '00:00:37');
    assert.equal(cellText(LOADS, openldap?.points[1]), '-');
    assert.equal(cellText(LOADS, aphelion?.points[0]), '35 s');
    assert.equal(cellText(LOADS, undefined), '');
    assert.equal(cellText(SDKS, SDKS.series[1]?.points[0]), '122,199.697');
    assert.equal(formatValue(LOADS, 47_556), '13.2 h');
    assert.equal(formatValue({ ...LOADS, unit: 'MB' }, 7900), '7.9 GB');
  });

  test('cell notes are numbered row by row; cells with the same note share it', () => {
    const table: ReferenceTable = {
      ...LOADS,
      series: [
        ...LOADS.series,
        { name: 'Novell', points: [{ x: 10_000_000, value: null, text: '-', note: 'failed' }] },
        { name: 'IBM', points: [{ x: 10_000_000, value: null, text: '-', note: 'not tried' }] },
      ],
    };
    assert.deepEqual(cellNotes(table), [
      {
        mark: 1,
        note: 'failed',
        cells: [
          { series: 'OpenLDAP 2.0.23', heading: '10M' },
          { series: 'Novell', heading: '10M' },
        ],
      },
      { mark: 2, note: 'not tried', cells: [{ series: 'IBM', heading: '10M' }] },
    ]);
  });

  test('tables group by study in the order given', () => {
    const groups = groupByStudy([LOADS, SDKS, { ...LOADS, id: 'salford/table-4' }]);
    assert.deepEqual(
      groups.map((g) => [g.study, g.tables.length]),
      [
        ['Salford: a comparison', 2],
        ['UnboundID: SDKs', 1],
      ],
    );
  });
});

describe('reference chart', () => {
  test('sizes draw as dashed lines with gaps where the study has no figure', () => {
    const option = referenceChartOption(LOADS, false, false);
    const series = option.series as { type: string; data: (number | null)[] }[];
    assert.deepEqual(
      series.map((s) => [s.type, s.data]),
      [
        ['line', [37, null, null]],
        ['line', [null, 35, null]],
      ],
    );
    assert.equal(drawsAsBars(LOADS), false);
    assert.equal(plottedCount(LOADS), 2);
    const title = option.title as { text: string; subtext: string };
    assert.equal(title.text, 'Salford Table 3: Indexed Directory Load Times (HH:MM:SS)');
    assert.equal(title.subtext, 'Published figures, measured on other hardware');
  });

  test('categories draw as bars; time axes step in whole minutes or hours', () => {
    const series = referenceChartOption(SDKS, true).series as { type: string }[];
    assert.deepEqual(
      series.map((s) => s.type),
      ['bar', 'bar'],
    );
    assert.equal(timeStep(37), 5);
    assert.equal(timeStep(107_653), 21_600);
    const yAxis = referenceChartOption(LOADS, false).yAxis as { interval?: number };
    assert.equal(yAxis.interval, 5);
  });
});
