// Sections of the HTML report made of tables: results laid out like the paper, runs, environment.
import { formatLatencyMs, formatOpsPerSec } from '../../shared/charts/format.ts';
import { serverLabel } from '../../shared/compareLabels.ts';
import { METRIC_TITLES } from '../../shared/compareSeries.ts';
import type { CompareMetric } from '../../shared/compareSeries.ts';
import { paperTable } from '../../shared/compareTable.ts';
import type { RunConfig, RunEnvironment } from '../../shared/types.ts';
import type { SelectedRun } from './compareRuns.ts';
import { parseColumn } from './compareRuns.ts';
import { escapeHtml, htmlTable } from './html.ts';

/** The paper's table of one metric: tests x servers down, sizes across, mean of repeats. */
export function paperTableHtml(runs: readonly SelectedRun[], metric: CompareMetric): string {
  const table = paperTable(
    runs.map((r) => r.compare),
    metric,
  );
  return (
    `<h3>${escapeHtml(METRIC_TITLES[metric])}, mean of repeats</h3>` +
    htmlTable(
      ['Test', 'Server', ...table.sizeHeadings],
      // Tables name servers in full (the root DSE's words); the charts' legends use the short names.
      table.rows.map((row) => [row.test, row.serverFullName, ...row.cells]),
      'paper',
    )
  );
}

/** One row per run: the settings it ran with and its headline figures. */
export function runsTableHtml(runs: readonly SelectedRun[]): string {
  return htmlTable(
    [
      'Run',
      'Started',
      'Status',
      'Server',
      'Index profile',
      'Workload',
      'Entries',
      'Connections x depth',
      'Policy',
      'Load model',
      'Warm-up s',
      'Measured s',
      'Repeat',
      'ops/s',
      'p99 ms',
      'Errors',
    ],
    runs.map(({ row, compare: r }) => {
      const config = parseColumn<Partial<RunConfig>>(row.config_json);
      return [
        r.id,
        r.startedAt.replace('T', ' ').slice(0, 19),
        r.status,
        serverLabel(r),
        r.indexProfile,
        r.workload,
        r.entries,
        `${r.connections} x ${r.depth}`,
        r.policy,
        config?.loadModel,
        config?.warmupS,
        config?.durationS,
        r.repeat,
        r.opsPerSec === null ? null : formatOpsPerSec(r.opsPerSec),
        r.latencyUs ? formatLatencyMs(r.latencyUs.p99) : null,
        r.errors,
      ];
    }),
  );
}

function distinctRows<T>(items: readonly T[], row: (item: T) => (string | number | null)[]) {
  const seen = new Map<string, (string | number | null)[]>();
  for (const item of items) {
    const cells = row(item);
    seen.set(JSON.stringify(cells), cells);
  }
  return [...seen.values()];
}

/** The client machines and the servers the runs measured (each distinct one once). */
export function environmentHtml(runs: readonly SelectedRun[]): string {
  const environments = runs.map(({ row, compare }) => ({
    env: parseColumn<Partial<RunEnvironment>>(row.environment_json) ?? {},
    compare,
  }));
  const clients = distinctRows(environments, ({ env }) => [
    env.hostname ?? null,
    env.cpuModel ?? null,
    env.cpuCores ?? null,
    env.totalMemoryMb ?? null,
    env.os ?? null,
    env.node ?? null,
    `${env.dirbenchVersion ?? '?'}${env.dirbenchCommit ? ` (${env.dirbenchCommit.slice(0, 10)})` : ''}`,
  ]);
  const servers = distinctRows(environments, ({ env, compare }) => [
    serverLabel(compare),
    compare.targetName,
    env.lab?.kind ?? 'external server',
    env.lab?.indexProfile ?? null,
    env.lab?.shape ?? null,
    env.lab?.loadMethod ?? null,
  ]);
  return (
    '<h3>Client</h3>' +
    htmlTable(['Host', 'CPU', 'Cores', 'Memory MB', 'OS', 'Node', 'DirBench'], clients) +
    '<h3>Servers</h3>' +
    htmlTable(['Server', 'Target', 'Lab', 'Index profile', 'Shape', 'Load'], servers)
  );
}
