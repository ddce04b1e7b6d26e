// How `matrix run`, `resume` and `show` report a campaign: progress lines, the cell table, --json,
// and the exit code with its threshold breaches and JUnit report.
import type { CampaignDetail, MatrixSpec } from '../shared/matrix.ts';
import { timeLeftText } from '../shared/matrixSpecCells.ts';
import { matrixServerKey } from '../shared/matrixTargetGroup.ts';
import type { RunDetail } from '../shared/types.ts';
import type { Core } from '../core/app/core.ts';
import { campaignSuite } from '../core/report/junitCases.ts';
import { EXIT_BREACHED } from './commandSpec.ts';
import { breachLines, writeJunit } from './gates.ts';
import { ms, printJson, printTable } from './options.ts';
import { progress } from './progress.ts';

function serverText(server: MatrixSpec['servers'][number]): string {
  return 'lab' in server ? server.lab : matrixServerKey(server);
}

/** The campaign as `--json` prints it. */
export function campaignJson(detail: CampaignDetail): Record<string, unknown> {
  return {
    campaignId: detail.id,
    name: detail.name,
    status: detail.status,
    error: detail.error,
    cellsTotal: detail.cellsTotal,
    cellsDone: detail.cellsDone,
    cellsFailed: detail.cellsFailed,
    cells: detail.cells.map((c) => ({
      index: c.index,
      server: c.server,
      entries: c.entries,
      indexProfile: c.indexProfile,
      workload: c.workload,
      connections: c.connections,
      depth: c.depth ?? null,
      policy: c.policy,
      repeat: c.repeat,
      status: c.status,
      thresholdsBreached: c.thresholdsBreached ?? null,
      runId: c.runId,
      opsPerSec: c.opsPerSec,
      latencyUs: c.latencyUs,
      error: c.error,
    })),
  };
}

/** The campaign's cells as a table on stdout. */
export function printCampaign(detail: CampaignDetail): void {
  printTable(
    ['#', 'SERVER', 'ENTRIES', 'INDEX', 'WORKLOAD', 'CONN', 'STATUS', 'OPS/S', 'P99 MS', 'RUN'],
    detail.cells.map((c) => [
      c.index + 1,
      serverText(c.server),
      c.entries ?? '-',
      c.indexProfile ?? '-',
      c.workload,
      c.connections,
      c.status,
      c.opsPerSec === null ? '-' : Math.round(c.opsPerSec),
      ms(c.latencyUs?.p99),
      c.runId ?? (c.error === null ? '-' : `(${c.error})`),
    ]),
  );
}

/** A step's phase: its activity without the figures that change as it goes (counts, seconds), its cell kept. */
function phaseOf(activity: string): string {
  const cell = /^Cell \d+\/\d+: /.exec(activity)?.[0] ?? '';
  return cell + activity.slice(cell.length).replace(/\d[\d,.]*/g, '#');
}

/**
 * Follows a campaign until it stops, progress on stderr; exit 0 when every cell is done, 1 when
 * one failed or the campaign did not complete, 3 when every cell is done but one breached a threshold.
 */
export async function follow(
  core: Core,
  campaignId: string,
  json: boolean,
  junitFile: string | null = null,
): Promise<number> {
  if (!json) process.stdout.write(`${campaignId}\n`);
  let last = '';
  const shown = progress();
  const unsubscribe = core.subscribe((m) => {
    if (m.event !== 'campaign/progress' || m.payload.campaignId !== campaignId) return;
    const p = m.payload;
    // One line per step; the per-second ticks of a cell only when a 10 s mark passes.
    const tick = / (\d+) of \d+ s$/.exec(p.activity);
    const step = tick === null ? p.activity : p.activity.slice(0, tick.index);
    const key = tick === null ? step : `${step}|${Math.floor(Number(tick[1]) / 10)}`;
    if (key === last) return;
    last = key;
    const left = timeLeftText(p);
    const eta = left === null ? '' : `, ${left}`;
    const line = `[${p.cellsDone + p.cellsFailed}/${p.cellsTotal}${eta}] ${p.activity}`;
    shown.show(phaseOf(p.activity), line);
  });
  try {
    const detail = await core.campaigns.wait(campaignId);
    if (json) printJson(campaignJson(detail));
    // On stderr with --json too: the JSON on stdout is for scripts, this line for whoever watches.
    const error = detail.error === null ? '' : ` (${detail.error})`;
    process.stderr.write(
      `Campaign ${campaignId} ${detail.status}${error}: ${detail.cellsDone} of ${detail.cellsTotal} cells done, ${detail.cellsFailed} failed\n`,
    );
    if (detail.status === 'interrupted')
      process.stderr.write(`Resume it with: dirbench matrix resume ${campaignId}\n`);
    const runOf = (runId: string): RunDetail => core.runs.get(runId);
    if (junitFile !== null) writeJunit(junitFile, [campaignSuite(detail, runOf)]);
    if (detail.status !== 'completed' || detail.cellsFailed > 0) return 1;
    const breached = breachLines(
      detail.cells.flatMap((c) =>
        c.runId !== null && (c.thresholdsBreached ?? 0) > 0 ? [runOf(c.runId)] : [],
      ),
    );
    for (const line of breached) process.stderr.write(`dirbench: ${line}\n`);
    return breached.length > 0 ? EXIT_BREACHED : 0;
  } finally {
    unsubscribe();
    shown.end();
  }
}
