// Human-readable output of `dirbench run`: one progress line per second and the final summary.
import { replicationLagLines } from './replicationLagOutput.ts';
import { describeLoadModel, describePolicy, tlsTrustWarning } from '../shared/describe.ts';
import { figuresOf, labelsInOrder } from '../shared/operationLabels.ts';
import type { RunDetail, RunSample } from '../shared/types.ts';
import type { RunAgentSummary } from '../shared/agentTypes.ts';
import { workloadLabels } from '../shared/workload.ts';
import { ms } from './options.ts';
import { serverLines } from './serverSetOptions.ts';
import { serverMonitorLines } from './serverMonitorOutput.ts';

/** One line per second on stderr, e.g. `[  3/12s] measured  16,345 ops/s  p50 0.88 ms ...`. */
export function progressLine(sample: RunSample, totalS: number): string {
  const rate = Math.round((sample.ops * 1000) / sample.intervalMs).toLocaleString('en-US');
  const parts = [
    `[${String(sample.second + 1).padStart(4)}/${totalS}s] ${sample.phase.padEnd(8)} ${rate.padStart(9)} ops/s`,
    `p50 ${ms(sample.latencyUs.p50)} ms  p99 ${ms(sample.latencyUs.p99)} ms`,
  ];
  if (sample.intendedLatencyUs) parts.push(`intended p99 ${ms(sample.intendedLatencyUs.p99)} ms`);
  if (sample.behindSchedule) parts.push(`late ${sample.behindSchedule}`);
  parts.push(`errors ${sample.errors}`);
  const busiest = sample.workers?.reduce((max, w) => Math.max(max, w.cpuPercent), 0);
  if (busiest !== undefined) parts.push(`client cpu ${Math.round(busiest)}%`);
  const reporting = agentsReporting(sample);
  if (reporting !== null) parts.push(reporting);
  return parts.join('  ');
}

/** "agents 1/2" when an agent of a run on agents is lost in `sample` (a part of the load is missing). */
export function agentsReporting(sample: RunSample): string | null {
  const agents = sample.agents ?? [];
  const reporting = agents.filter((a) => a.state !== 'lost').length;
  return reporting < agents.length ? `agents ${reporting}/${agents.length}` : null;
}

/** A clock offset with its sign: "+0.2 ms". */
function signedMs(offsetMs: number): string {
  return `${offsetMs < 0 ? '-' : '+'}${Math.abs(offsetMs).toFixed(1)} ms`;
}

/** One line per agent, e.g. `agent rack1: 1,503 ops/s, 0 errors, clock +0.2 ms, lost`. */
export function agentLines(agents: readonly RunAgentSummary[]): string[] {
  return agents.map((a) => {
    const rate = Math.round(a.opsPerSec).toLocaleString('en-US');
    const errors = `${a.errors.toLocaleString('en-US')} error${a.errors === 1 ? '' : 's'}`;
    const late = a.lateSeconds > 0 ? `, ${a.lateSeconds} s late` : '';
    return `  agent ${a.name}: ${rate} ops/s, ${errors}, clock ${signedMs(a.clockOffsetMs)}${late}${a.lost ? ', lost' : ''}`;
  });
}

/** The PARTIAL warning of a run that went on after losing an agent; empty for any other run. */
export function partialLines(run: Pick<RunDetail, 'summary'>): string[] {
  const s = run.summary;
  if (s?.partial !== true) return [];
  const lost = (s.agents ?? []).filter((a) => a.lost).map((a) => a.name);
  const who =
    lost.length === 0
      ? 'an agent was lost'
      : `agent${lost.length > 1 ? 's' : ''} ${lost.join(', ')} ${lost.length > 1 ? 'were' : 'was'} lost`;
  const it = lost.length > 1 ? 'them' : 'it';
  return [
    `  PARTIAL: ${who} and the run went on without ${it}; the figures lack that load from then on`,
  ];
}

/** The multi-line text summary printed on stdout without --json. */
export function summaryText(run: RunDetail): string {
  const s = run.summary;
  const lines = [`Run ${run.id} ${run.status}${run.endReason ? ` (${run.endReason})` : ''}`];
  lines.push(`  ${describeLoadModel(run.config)}, ${describePolicy(run.config.connectionPolicy)}`);
  const tls = tlsTrustWarning(run.config);
  if (tls !== null) lines.push(`  WARNING: ${tls}`);
  if (run.config.clientCertFile)
    lines.push(`  TLS client certificate ${run.config.clientCertFile}`);
  lines.push(...partialLines(run));
  if (s) {
    lines.push(
      `  ${s.opsPerSec.toFixed(1)} ops/s over ${s.measuredS} s, ${s.errors} errors, ${s.entriesPerOp.toFixed(2)} entries/op`,
    );
    const l = s.latencyUs;
    lines.push(
      `  latency ms: mean ${ms(l.mean)} p50 ${ms(l.p50)} p90 ${ms(l.p90)} p99 ${ms(l.p99)} p99.9 ${ms(l.p999)} max ${ms(l.max)}`,
    );
    // The workload's order: a JS object lists integer-like labels such as "1" first.
    const labels = labelsInOrder(
      workloadLabels(run.config.workloadSpec),
      Object.keys(s.operations ?? {}),
    );
    for (const label of labels) {
      const o = figuresOf(s.operations, label);
      if (o === undefined) continue;
      const codes = Object.entries(o.errorsByCode).map(([code, n]) => `${code} ${n}`);
      lines.push(
        `    ${label.padEnd(14)} ${o.opsPerSec.toFixed(1).padStart(9)} ops/s  p50 ${ms(o.latencyUs.p50)} ms  p99 ${ms(o.latencyUs.p99)} ms  ${o.errors} errors${codes.length > 0 ? ` (${codes.join(', ')})` : ''}`,
      );
    }
    lines.push(...agentLines(s.agents ?? []));
    lines.push(...serverLines(run));
    if (s.ownEntries) {
      const own = s.ownEntries;
      lines.push(
        `  entries the run added: ${own.poolAdded} pool entries before load; ${own.removed} removed after it, ${own.left} left${own.left > 0 ? ' (WARNING: the directory is not as it was)' : ''}`,
      );
    }
    if (s.serverOperations !== undefined) {
      const served = Object.entries(s.serverOperations)
        .map(([kind, n]) => `${kind} ${n.toLocaleString('en-US')}`)
        .join(', ');
      lines.push(
        `  server monitor, load start to end: ${served || 'nothing'}; the client completed ${(s.clientOperationsAllPhases ?? 0).toLocaleString('en-US')} ops in all phases`,
      );
    }
    lines.push(...serverMonitorLines(run));
    lines.push(...replicationLagLines(s));
    if (s.intendedLatencyUs) {
      const i = s.intendedLatencyUs;
      lines.push(
        `  from intended start ms: p50 ${ms(i.p50)} p99 ${ms(i.p99)} p99.9 ${ms(i.p999)} max ${ms(i.max)}; ${s.behindSchedule ?? 0} ops behind schedule`,
      );
    }
    if (s.timeToFullSpeedS !== undefined) {
      lines.push(
        `  time to full speed: ${s.timeToFullSpeedS === null ? 'never settled' : `${s.timeToFullSpeedS} s`}`,
      );
    }
    if (s.clientBoundEvidence)
      lines.push(`  ${s.clientBound ? 'CLIENT-BOUND: ' : ''}${s.clientBoundEvidence}`);
  }
  lines.push(...thresholdLines(run));
  return `${lines.join('\n')}\n`;
}

/** The thresholds' verdicts: a heading line, then PASS or FAIL per threshold (none without thresholds). */
export function thresholdLines(run: RunDetail): string[] {
  const expressions = run.config.thresholds ?? [];
  if (expressions.length === 0) return [];
  const results = run.thresholdResults;
  if (results === null || results === undefined) {
    return [`  thresholds not checked (the run ${run.status}): ${expressions.join(', ')}`];
  }
  const breached = results.filter((r) => !r.passed).length;
  return [
    `  thresholds: ${breached === 0 ? `all ${results.length} held` : `${breached} of ${results.length} breached`}`,
    ...results.map((r) => `    ${r.passed ? 'PASS' : 'FAIL'} ${r.expression}: ${r.detail}`),
  ];
}
