import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHART_KINDS, CHART_ROWS } from '../../shared/charts/chartKinds.ts';
import { commandHelp } from '../help.ts';
import { exportSpec } from './export.ts';

test('dirbench export --help names every chart kind with what it draws', () => {
  const help = commandHelp(exportSpec);
  for (const kind of CHART_KINDS) {
    assert.ok(help.includes(`--chart ${CHART_KINDS.join('|')}`), 'usage lists the kinds');
    const line = help.split('\n').find((l) => l.trim().startsWith(`${kind} `));
    assert.ok(line?.includes(CHART_ROWS[kind].summary), `${kind}: ${line}`);
  }
});
