// The run detail of a run on load agents against a real `dirbench serve`: the agents card (workers,
// figures, share, clock, lost and late badges, broker and loss policy), the per-agent chart and the
// partial-run banner; a run on this machine shows none of them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { AGENT_RUN, storeAgentRun } from '../helpers/agentRunSeed.ts';
import { storeRuns } from '../helpers/baselineRuns.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall, chartCount } from '../helpers/uiFlows.ts';

/** The text of each cell of agent `name`'s row, by test id. */
async function agentCell(page: Page, name: string, testId: string): Promise<string> {
  const row = page.locator(`[data-testid="agent-row"][data-agent="${name}"]`);
  return (await row.getByTestId(testId).innerText()).trim();
}

test('a partial run on two agents: agents card, per-agent chart and the partial banner', async (t) => {
  const { page, serve } = await startUi(t);
  await waitReady(page);
  const dbFile = join(serve.dataDir, 'dirbench.sqlite');
  storeAgentRun(dbFile);
  storeRuns(dbFile, [{ id: 'run_here', opsPerSec: 750, p99Us: 12_000 }]);

  await showRoute(page, `#/runs/${AGENT_RUN.id}`);
  const banner = page.getByTestId('partial-run');
  const bannerText = await banner.innerText();
  assert.match(
    bannerText,
    /Partial: agent a2 was lost 7 s into the run; the run went on without it/,
  );
  assert.ok(bannerText.includes(AGENT_RUN.endReason), bannerText);

  const run = await apiCall(page, 'history/get', { runId: AGENT_RUN.id });
  const [a1, a2] = run.summary?.agents ?? assert.fail('the stored summary has agents');
  assert.ok(a1 && a2 && a2.lost && !a1.lost && a1.lateSeconds === 1);

  assert.equal(await agentCell(page, 'a1', 'agent-workers'), '1');
  assert.equal(await agentCell(page, 'a2', 'agent-workers'), '2');
  assert.equal(await agentCell(page, 'a1', 'agent-ops'), a1.ops.toLocaleString('en-US'));
  assert.equal(await agentCell(page, 'a2', 'agent-ops'), a2.ops.toLocaleString('en-US'));
  const share = Math.round((a1.ops / (a1.ops + a2.ops)) * 100);
  assert.equal(await agentCell(page, 'a1', 'agent-share'), `${share}%`);
  assert.equal(await agentCell(page, 'a2', 'agent-share'), `${100 - share}%`);
  assert.equal(await agentCell(page, 'a1', 'agent-errors'), String(a1.errors));
  assert.equal(await agentCell(page, 'a1', 'agent-clock-offset'), '-0.3 ms');
  assert.equal(await agentCell(page, 'a2', 'agent-clock-offset'), '+0.2 ms');
  assert.match(await agentCell(page, 'a2', 'agent-lost'), /lost\s+from 7 s/i);
  assert.match(await agentCell(page, 'a1', 'agent-late'), /late\s+1 s/i);
  const a1Row = page.locator('[data-testid="agent-row"][data-agent="a1"]');
  assert.equal(await a1Row.getByTestId('agent-lost').count(), 0);
  assert.equal(await page.getByTestId('agents-broker').innerText(), AGENT_RUN.broker);
  assert.equal(
    await page.getByTestId('agents-loss-policy').innerText(),
    'the run goes on without a lost agent',
  );
  // a1 reported every second, a2 the seconds before its loss; its lost seconds are gaps.
  const totalS = AGENT_RUN.warmupS + AGENT_RUN.durationS;
  assert.equal(await chartCount(page, 'agents-chart'), totalS + AGENT_RUN.lostFromS);

  // The whole page at once, for a person to look at (the app scrolls inside its main pane).
  await page.setViewportSize({ width: 1280, height: 2300 });
  await saveScreenshot(page, 'run-detail-agents.png');

  await showRoute(page, '#/runs/run_here');
  await page.getByTestId('run-detail').waitFor();
  assert.equal(await page.getByTestId('agents-panel').count(), 0);
  assert.equal(await page.getByTestId('partial-run').count(), 0);
});
