import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP_PAGES } from '../../shared/desktopCommands.ts';
import { parseRoute, routeHref } from '../hooks/useHashRoute.ts';
import { pageRoute, planCommand } from './commandPlan.ts';
import type { CommandContext } from './commandPlan.ts';

const ON_TARGETS: CommandContext = { route: { name: 'targets' }, activeRun: null };

test('every View menu page is a route the renderer knows, and its link leads back to it', () => {
  for (const page of DESKTOP_PAGES) {
    const route = pageRoute(page);
    assert.equal(route.name, page);
    assert.deepEqual(parseRoute(routeHref(route)), route, page);
    assert.deepEqual(planCommand({ command: 'show', page }, ON_TARGETS), {
      kind: 'navigate',
      route,
    });
  }
});

test('stop run stops the run in progress and explains when there is none', () => {
  const running = { ...ON_TARGETS, activeRun: { runId: 'r1', ended: false } };
  assert.deepEqual(planCommand({ command: 'stop-run' }, running), {
    kind: 'stop-run',
    runId: 'r1',
  });
  for (const ctx of [ON_TARGETS, { ...ON_TARGETS, activeRun: { runId: 'r1', ended: true } }]) {
    const plan = planCommand({ command: 'stop-run' }, ctx);
    assert.equal(plan.kind, 'explain');
    assert.match(plan.kind === 'explain' ? plan.title : '', /No run to stop/);
  }
});

test('new run shows the form, clearing a finished run first; search and import go to History', () => {
  assert.deepEqual(planCommand({ command: 'new-run' }, ON_TARGETS), {
    kind: 'new-run',
    dismissEndedRun: false,
  });
  const ended = { ...ON_TARGETS, activeRun: { runId: 'r1', ended: true } };
  assert.deepEqual(planCommand({ command: 'new-run' }, ended), {
    kind: 'new-run',
    dismissEndedRun: true,
  });
  assert.deepEqual(planCommand({ command: 'search-history' }, ON_TARGETS), {
    kind: 'navigate',
    route: { name: 'history' },
    then: 'focus-history-search',
  });
  assert.deepEqual(planCommand({ command: 'import' }, ON_TARGETS), {
    kind: 'navigate',
    route: { name: 'history' },
    then: 'open-import',
  });
});

test('export saves what is on screen: a run, the compared runs, a campaign report', () => {
  const at = (route: CommandContext['route']) =>
    planCommand({ command: 'export' }, { route, activeRun: null });
  assert.deepEqual(at({ name: 'run-detail', runId: 'r9' }), {
    kind: 'export-data',
    selection: { runIds: ['r9'] },
  });
  assert.deepEqual(at({ name: 'compare', runIds: ['a', 'b'] }), {
    kind: 'export-data',
    selection: { runIds: ['a', 'b'] },
  });
  assert.deepEqual(at({ name: 'campaign', campaignId: 'c1' }), {
    kind: 'export-report',
    selection: { campaignId: 'c1' },
  });
  const nothing: CommandContext['route'][] = [{ name: 'history' }, { name: 'compare', runIds: [] }];
  for (const route of nothing) {
    const plan = at(route);
    assert.equal(plan.kind, 'explain', route.name);
    assert.match(plan.kind === 'explain' ? plan.message : '', /open a run, a campaign/);
  }
});
