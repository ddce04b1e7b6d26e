// The run detail of a run against a plain target whose cn=monitor the bind may read: the server's
// own ops/s beside the client's, its readings at load start and end, and the cross-check.
import assert from 'node:assert/strict';
import test from 'node:test';
import { startTestSlapd } from '../integration/engine-slapd.ts';
import { showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall } from '../helpers/uiFlows.ts';

test('a target with a readable monitor shows the Server monitor panel and the cross-check', async (t) => {
  const slapd = await startTestSlapd(300, {
    extraConfig: 'database monitor\naccess to * by dn.exact="cn=admin,c=gb" read by * none\n',
  });
  t.after(() => slapd.stop());
  const { page } = await startUi(t);
  await waitReady(page);
  const target = await apiCall(page, 'targets/save', {
    name: 'Monitored slapd',
    url: slapd.url,
    startTls: false,
    bindDn: slapd.rootDn,
    password: slapd.rootPw,
    baseDn: slapd.baseDn,
  });
  // 1 s warm-up + 3 s of random reads on 2 connections.
  const load = { workload: 'read-random', connections: 2, depth: 1, warmupS: 1, durationS: 3 };
  const { runId } = await apiCall(page, 'runs/start', { targetId: target.id, ...load, workers: 1 });
  await showRoute(page, `#/runs/${runId}`);
  const panel = page.getByTestId('server-monitor');
  await panel.waitFor({ timeout: 30_000 });
  assert.match(await panel.innerText(), /openldap's cn=monitor, read each second/);
  // Seconds 0 to 2 have the server's count (the last second's reading comes after the run).
  const chart = panel.getByTestId('server-monitor-chart');
  assert.ok(Number(await chart.getAttribute('data-points')) >= 2);
  assert.match(
    await panel.getByTestId('server-monitor-readings').innerText(),
    /^At load start: [3-9] connections · \d+ threads?\. At the end: \d+ connections? · \d+ threads?\.$/,
  );
  const verdict = page.getByTestId('cross-check-verdict');
  assert.equal(await verdict.getAttribute('data-agree'), 'true', await verdict.innerText());
});
