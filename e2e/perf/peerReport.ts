// Figures of the peer benchmark: per-round results, medians, DirBench/peer ratios, and the Markdown
// tables the script prints (ready for docs/measurements/peer-searchrate.md).
import type { PairingId } from './peerTools.ts';
import type { ToolRun } from './toolRun.ts';

/** One tool's figures in one round, rounded for the record. */
export interface ToolFigures {
  tool: string;
  opsPerSec: number;
  userUsPerOp: number;
  systemUsPerOp: number;
  totalUsPerOp: number;
  /** slapd's CPU per operation in the same window. */
  slapdUsPerOp: number;
  /** The client's CPU as a percentage of one core. */
  clientCpuPercent: number;
  windowS: number;
}

/** DirBench over the peer: > 1 is more throughput, < 1 is less CPU per op. */
export interface Ratios {
  throughput: number;
  cpuPerOp: number;
}

/** The tools of one round of one pairing. */
export interface RoundResult {
  round: number;
  /** The 1-minute load average when the round's tools finished. */
  loadAverage1m: number;
  peer: ToolFigures;
  dirbench: ToolFigures;
  ratios: Ratios;
  /** The bare Node client (the floor under any Node load tool), when it ran, and its figures over the peer's. */
  bare?: ToolFigures;
  bareRatios?: Ratios;
}

/** Every round of one pairing and the medians. */
export interface PairingResult {
  id: PairingId;
  title: string;
  peerCommand: string;
  dirbenchCommand: string;
  /** The bare Node client's command line, when it ran. */
  bareCommand?: string;
  rounds: RoundResult[];
  /** The median of each figure over the rounds; ratios are the median of the per-round ratios. */
  median: {
    peer: ToolFigures;
    dirbench: ToolFigures;
    ratios: Ratios;
    bare?: ToolFigures;
    bareRatios?: Ratios;
  };
}

/** The issue's bars: DirBench/peer throughput at least, client CPU per op at most. */
const TARGETS: Readonly<Record<PairingId, { throughputAtLeast?: number; cpuPerOpAtMost: number }>> =
  {
    depth1: { throughputAtLeast: 1.0, cpuPerOpAtMost: 0.75 },
    depth4: { cpuPerOpAtMost: 0.75 },
    modify: { cpuPerOpAtMost: 0.75 },
  };

const round1 = (n: number): number => Math.round(n * 10) / 10;
const round2 = (n: number): number => Math.round(n * 100) / 100;

/** A tool run as recorded figures. */
export function toolFigures(run: ToolRun): ToolFigures {
  return {
    tool: run.name,
    opsPerSec: round1(run.opsPerSec),
    userUsPerOp: round2(run.userUsPerOp),
    systemUsPerOp: round2(run.systemUsPerOp),
    totalUsPerOp: round2(run.clientCpuUsPerOp),
    slapdUsPerOp: round2(run.serverCpuUsPerOp),
    clientCpuPercent: round1(run.clientCpuPercent),
    windowS: round2(run.windowS),
  };
}

/** A tool's figures (DirBench's or the bare client's) over the peer's. */
export function ratiosOf(tool: ToolFigures, peer: ToolFigures): Ratios {
  return {
    throughput: round2(tool.opsPerSec / peer.opsPerSec),
    cpuPerOp: round2(tool.totalUsPerOp / peer.totalUsPerOp),
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('the median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function medianFigures(all: readonly ToolFigures[]): ToolFigures {
  const of = (key: Exclude<keyof ToolFigures, 'tool'>): number => median(all.map((f) => f[key]));
  return {
    tool: all[0]?.tool ?? '',
    opsPerSec: round1(of('opsPerSec')),
    userUsPerOp: round2(of('userUsPerOp')),
    systemUsPerOp: round2(of('systemUsPerOp')),
    totalUsPerOp: round2(of('totalUsPerOp')),
    slapdUsPerOp: round2(of('slapdUsPerOp')),
    clientCpuPercent: round1(of('clientCpuPercent')),
    windowS: round2(of('windowS')),
  };
}

function medianRatios(all: readonly Ratios[]): Ratios {
  return {
    throughput: round2(median(all.map((r) => r.throughput))),
    cpuPerOp: round2(median(all.map((r) => r.cpuPerOp))),
  };
}

/** Medians of a pairing's rounds (the bare client's only when it ran in every round). */
export function mediansOf(rounds: readonly RoundResult[]): PairingResult['median'] {
  const medians: PairingResult['median'] = {
    peer: medianFigures(rounds.map((r) => r.peer)),
    dirbench: medianFigures(rounds.map((r) => r.dirbench)),
    ratios: medianRatios(rounds.map((r) => r.ratios)),
  };
  const bare = rounds.flatMap((r) => (r.bare === undefined ? [] : [r.bare]));
  const bareRatios = rounds.flatMap((r) => (r.bareRatios === undefined ? [] : [r.bareRatios]));
  if (bare.length > 0 && bare.length === rounds.length && bareRatios.length === rounds.length) {
    medians.bare = medianFigures(bare);
    medians.bareRatios = medianRatios(bareRatios);
  }
  return medians;
}

const number = (n: number, digits: number): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A Markdown table with right-aligned numeric columns, padded so it also reads as plain text. */
function markdownTable(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function figureRow(label: string, f: ToolFigures, ratios: Ratios | null): string[] {
  return [
    label,
    f.tool,
    number(f.opsPerSec, 0),
    number(f.userUsPerOp, 1),
    number(f.systemUsPerOp, 1),
    number(f.totalUsPerOp, 1),
    number(f.slapdUsPerOp, 1),
    ratios === null ? '' : `${ratios.throughput.toFixed(2)}x`,
    ratios === null ? '' : `${ratios.cpuPerOp.toFixed(2)}x`,
  ];
}

/** The pairing's table: each round's rows, then the medians, then the verdict against the bars. */
export function pairingTable(result: PairingResult): string {
  const rows: string[][] = [];
  const add = (label: string, r: PairingResult['median']): void => {
    rows.push(figureRow(label, r.peer, null));
    rows.push(figureRow(label, r.dirbench, r.ratios));
    if (r.bare !== undefined && r.bareRatios !== undefined) {
      rows.push(figureRow(label, r.bare, r.bareRatios));
    }
  };
  for (const r of result.rounds) add(String(r.round), r);
  add('median', result.median);
  const table = markdownTable(
    [
      'round',
      'tool',
      'ops/s',
      'user us/op',
      'system us/op',
      'total us/op',
      'slapd us/op',
      'tool/peer ops/s',
      'tool/peer CPU/op',
    ],
    rows,
  );
  return `${table}\n${verdict(result)}`;
}

/** Whether the medians meet the issue's bars for this pairing. */
export function verdict(result: PairingResult): string {
  const target = TARGETS[result.id];
  const { throughput, cpuPerOp } = result.median.ratios;
  const parts: string[] = [];
  if (target.throughputAtLeast !== undefined) {
    const met = throughput >= target.throughputAtLeast;
    parts.push(
      `throughput ${throughput.toFixed(2)}x (bar >= ${target.throughputAtLeast.toFixed(2)}: ${met ? 'met' : 'not met'})`,
    );
  }
  const met = cpuPerOp <= target.cpuPerOpAtMost;
  parts.push(
    `client CPU/op ${cpuPerOp.toFixed(2)}x (bar <= ${target.cpuPerOpAtMost.toFixed(2)}: ${met ? 'met' : 'not met'})`,
  );
  const line = `Median DirBench/${result.median.peer.tool}: ${parts.join(', ')}`;
  const { bare, bareRatios, dirbench } = result.median;
  if (bare === undefined || bareRatios === undefined) return line;
  // The floor: what the least a Node client can do costs against the peer, and what DirBench adds to it.
  return (
    `${line}\nMedian bare Node client/${result.median.peer.tool}: throughput ` +
    `${bareRatios.throughput.toFixed(2)}x, client CPU/op ${bareRatios.cpuPerOp.toFixed(2)}x; ` +
    `DirBench/bare Node client: client CPU/op ` +
    `${(dirbench.totalUsPerOp / bare.totalUsPerOp).toFixed(2)}x`
  );
}
