// Reads every transcribed figure back out of the seed texts: printed form, value and row placement.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { ReferencePoint, ReferenceSeries, ReferenceTable } from '../../shared/reference.ts';
import { resourcePath } from '../base/resources.ts';
import { loadReferenceData } from './referenceData.ts';

// The seeds sit beside the repository (../shared/seeds), not in it; DIRBENCH_SEEDS points elsewhere.
const SEEDS = process.env.DIRBENCH_SEEDS ?? resourcePath('..', 'shared', 'seeds');
const skip = existsSync(SEEDS) ? false : `seed texts not found at ${SEEDS} (set DIRBENCH_SEEDS)`;
const tables = loadReferenceData();

function seedOf(table: ReferenceTable): string {
  const file = /\((\d{3}_[0-9a-f]+\.txt)\)/.exec(table.source)?.[1];
  assert.ok(file, `${table.id}: source names its seed file`);
  return readFileSync(`${SEEDS}/${file}`, 'utf8');
}

const squash = (text: string) => text.replace(/\s+/g, ' ');
const firstNumber = (text: string) => Number(/[\d,]*\.?\d+/.exec(text)?.[0].replace(/,/g, ''));

/** The value a printed cell stands for, in the table's unit; undefined when it is derived. */
function printedValue(point: ReferencePoint): number | null | undefined {
  const text = point.text ?? '';
  if (text === '-' || text.startsWith('less than')) return null;
  if (point.note?.startsWith('Derived:')) return undefined;
  const hms = /^(\d\d):(\d\d):(\d\d)$/.exec(text);
  if (hms) return Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Number(hms[3]);
  if (text.endsWith(' minutes')) return firstNumber(text) * 60;
  if (text.endsWith(' GByte')) return firstNumber(text) * 1000;
  return firstNumber(text);
}

/** Salford: each series is one printed line ending in its cells, tab-separated, in the table's block. */
function checkSalfordRows(table: ReferenceTable, seed: string): void {
  const lines = seed.split('\n');
  const caption = lines.findIndex((l) => l.startsWith(`${table.table} `));
  assert.ok(caption > 0, `${table.id}: caption found`);
  let header = caption;
  while (header > 0 && !lines[header]?.startsWith('\t10K')) header--;
  const block = lines.slice(header + 1, caption);
  const dataLines = block.filter((l) => /(\t[\d.:-]+){4}$/.test(l));
  const used = table.series.map((s) => {
    const cells = `\t${s.points.map((p) => p.text).join('\t')}`;
    const at = dataLines.findIndex((l) => l.endsWith(cells));
    assert.ok(at >= 0, `${table.id} / ${s.name}: "${cells.trim()}" is a printed row`);
    return at;
  });
  assert.deepEqual(
    used,
    [...used].sort((a, b) => a - b),
    `${table.id}: rows in printed order`,
  );
  // Table 6 prints a stray seventh row (see its notes); every other printed row is transcribed.
  const stray = table.id === 'salford/table-6' ? 1 : 0;
  assert.equal(dataLines.length, table.series.length + stray, `${table.id}: every row transcribed`);
}

/** Tables whose row labels are printed as the series names: "label cell cell" appears in the seed. */
function checkLabelledRow(table: ReferenceTable, s: ReferenceSeries, seed: string): void {
  const row = `${s.name} ${s.points.map((p) => p.text).join(' ')}`;
  assert.ok(squash(seed).includes(row), `${table.id}: "${row}" is printed`);
}

// Series assembled from a split cell, derived, or from prose: only their cells are checked.
const UNLABELLED = new Set([
  'Concurrent search and modify: search',
  'Concurrent search and modify: modify',
]);
const PROSE_TABLES = new Set([
  'mvault/adds',
  'directorymark/peak',
  'directorymark/cpu',
  'ldap-performance/latency',
  'ldap-performance/throughput',
]);

describe('reference figures against the seed texts', { skip }, () => {
  for (const table of tables) {
    test(table.id, () => {
      const seed = seedOf(table);
      const flat = squash(seed);
      for (const s of table.series) {
        for (const p of s.points) {
          assert.ok(p.text, `${table.id} / ${s.name}: every cell keeps its printed text`);
          const printed = p.note?.startsWith('Derived:') ? p.text.split(' ')[0] : p.text;
          assert.ok(
            printed === '-' || flat.includes(printed ?? ''),
            `${table.id} / ${s.name}: "${printed}" is in the seed`,
          );
          const expected = printedValue(p);
          if (expected === undefined) {
            // Derived figures: transactions in the 10-minute test over 600 s, to 0.1.
            assert.equal(p.value, Math.round((firstNumber(p.text) / 600) * 10) / 10, p.note);
          } else {
            assert.equal(p.value, expected, `${table.id} / ${s.name} x=${p.x}: "${p.text}"`);
          }
        }
        if (table.id.startsWith('salford/') || PROSE_TABLES.has(table.id)) continue;
        if (!UNLABELLED.has(s.name)) checkLabelledRow(table, s, seed);
      }
      if (table.id.startsWith('salford/')) checkSalfordRows(table, seed);
    });
  }

  test('every UnboundID result table is transcribed with its seven SDK rows', () => {
    const seed = readFileSync(`${SEEDS}/003_6e22bd295a0912c7.txt`, 'utf8');
    const headings = seed.split('\n').filter((l) => /^(Add|Search|Modify) Throughput/.test(l));
    const unboundid = tables.filter((t) => t.id.startsWith('unboundid/'));
    assert.deepEqual(
      unboundid.map((t) => t.table),
      headings,
    );
    for (const t of unboundid) assert.equal(t.series.length, 7, t.id);
  });
});
