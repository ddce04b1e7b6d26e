// Runs and campaign cells as JUnit test cases: what failed, what was breached, what was measured.
import os from 'node:os';
import type { CampaignCell, CampaignDetail } from '../../shared/matrix.ts';
import { breaches } from '../../shared/thresholdCheck.ts';
import type { RunDetail } from '../../shared/types.ts';
import { describeCellServer } from '../matrix/labForCell.ts';
import { dirbenchCommit, dirbenchVersion } from '../base/version.ts';
import type { JunitCase, JunitSuite } from './junitXml.ts';

/** The suite of a `dirbench run` (one case per repeat). */
export function runSuite(runs: readonly RunDetail[]): JunitSuite {
  return {
    name: 'dirbench run',
    timestamp: runs[0]?.startedAt ?? new Date().toISOString(),
    hostname: os.hostname(),
    properties: suiteProperties(),
    cases: runs.map((run, i) =>
      runCase(run, `${runTitle(run)}${runs.length > 1 ? `, repeat ${i + 1}` : ''}`),
    ),
  };
}

/** The suite of a campaign: one case per cell, with its run where it has one. */
export function campaignSuite(
  campaign: CampaignDetail,
  runOf: (runId: string) => RunDetail,
): JunitSuite {
  return {
    name: `dirbench matrix ${campaign.name}`,
    timestamp: campaign.createdAt,
    hostname: os.hostname(),
    properties: { ...suiteProperties(), 'dirbench.campaign': campaign.id },
    cases: campaign.cells.map((cell) =>
      cellCase(cell, cell.runId === null ? null : runOf(cell.runId)),
    ),
  };
}

function suiteProperties(): Record<string, string> {
  const commit = dirbenchCommit();
  return {
    'dirbench.version': dirbenchVersion(),
    ...(commit === null ? {} : { 'dirbench.commit': commit }),
  };
}

/** "salford/S.1 on lab-openldap, 8 connections x depth 1". */
function runTitle(run: RunDetail): string {
  const c = run.config;
  return `${c.workload} on ${c.targetName}, ${c.connections} connections x depth ${c.depth}`;
}

/** Jenkins reads the classname as package.class: the workload, without the dots of its id. */
function classnameOf(workload: string): string {
  return `dirbench.${workload.replace(/[./]/g, '_')}`;
}

function cellCase(cell: CampaignCell, run: RunDetail | null): JunitCase {
  const name =
    `cell ${cell.index + 1}: ${cell.workload} on ${describeCellServer(cell)}, ` +
    `${cell.connections} connections, repeat ${cell.repeat}`;
  if (run !== null) return runCase(run, name);
  const base = { name, classname: classnameOf(cell.workload), timeS: 0, failures: [] };
  if (cell.status === 'failed') {
    const message = cell.error ?? 'the cell failed';
    return { ...base, error: { type: 'failed', message }, skipped: null, systemOut: message };
  }
  const why = `the cell did not run (${cell.status}): the campaign ended before it`;
  return { ...base, error: null, skipped: why, systemOut: why };
}

/** A run as a case: an error when it did not complete, a failure per breached threshold. */
function runCase(run: RunDetail, name: string): JunitCase {
  const startedMs = Date.parse(run.startedAt);
  const endedMs = run.endedAt === null ? startedMs : Date.parse(run.endedAt);
  const breached = breaches(run.thresholdResults);
  return {
    name,
    classname: classnameOf(run.config.workload),
    timeS: Number.isFinite(endedMs - startedMs) ? (endedMs - startedMs) / 1000 : 0,
    failures: breached.map((b) => ({
      message: `threshold ${b.expression} breached: ${b.detail}`,
      detail: `run ${run.id}: ${b.detail}, which breaches ${b.expression}`,
    })),
    error:
      run.status === 'completed'
        ? null
        : {
            type: run.status,
            message: `the run ${run.status}: ${run.endReason ?? 'no reason given'}`,
          },
    skipped: null,
    systemOut: figuresText(run),
  };
}

/** The run's id, figures and each threshold's verdict, a line each. */
function figuresText(run: RunDetail): string {
  const lines = [`run ${run.id} ${run.status}${run.endReason ? ` (${run.endReason})` : ''}`];
  const s = run.summary;
  if (s !== null) {
    const l = s.latencyUs;
    lines.push(
      `${s.opsPerSec.toFixed(1)} ops/s over ${s.measuredS} s, ${s.errors} errors`,
      `latency us: p50 ${l.p50} p90 ${l.p90} p99 ${l.p99} p99.9 ${l.p999} max ${l.max} mean ${l.mean}`,
    );
  }
  for (const r of run.thresholdResults ?? []) {
    lines.push(`${r.passed ? 'PASS' : 'FAIL'} ${r.expression}: ${r.detail}`);
  }
  return lines.join('\n');
}
