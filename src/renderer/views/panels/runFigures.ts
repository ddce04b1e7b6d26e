// Open-model and connection figures of a run, from its summary when stored, else from its samples.
import type { RunSample, RunSummary } from '../../../shared/types.ts';

/** Achieved vs target rate, behind-schedule ops and p99 from the intended start; null parts are unknown. */
export interface OpenModelFigures {
  achievedOpsPerSec: number | null;
  targetOpsPerSec: number | null;
  behindSchedule: number | null;
  /** Ops the figures cover, for the behind-schedule share. */
  ops: number;
  intendedP99Us: number | null;
  /** True when the intended p99 is the last second's (live), not the run's. */
  intendedIsLastSecond: boolean;
}

/** Connection and traffic figures; null parts were not reported. */
export interface ConnectionFigures {
  connectionsOpened: number | null;
  reconnects: number | null;
  bytesSentPerSec: number | null;
  bytesReceivedPerSec: number | null;
}

function measuredOrAll(samples: readonly RunSample[]): readonly RunSample[] {
  const measured = samples.filter((s) => s.phase === 'measured');
  return measured.length > 0 ? measured : samples;
}

function sumOf(samples: readonly RunSample[], pick: (s: RunSample) => number | undefined) {
  const values = samples.map(pick).filter((v): v is number => v !== undefined);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
}

function perSecond(samples: readonly RunSample[], pick: (s: RunSample) => number | undefined) {
  const counted = samples.filter((s) => pick(s) !== undefined);
  const ms = counted.reduce((sum, s) => sum + s.intervalMs, 0);
  const total = sumOf(counted, pick);
  return total === null || ms <= 0 ? null : (total * 1000) / ms;
}

/** Open-model figures; null when the run used the closed model and no sample says otherwise. */
export function openModelFigures(
  samples: readonly RunSample[],
  summary: RunSummary | null,
): OpenModelFigures | null {
  const open =
    summary?.model === 'open' ||
    summary?.targetOpsPerSec !== undefined ||
    samples.some((s) => s.scheduledOps !== undefined || s.intendedLatencyUs !== undefined);
  if (!open) return null;
  if (summary) {
    return {
      achievedOpsPerSec: summary.opsPerSec,
      targetOpsPerSec: summary.targetOpsPerSec ?? null,
      behindSchedule: summary.behindSchedule ?? null,
      ops: summary.ops,
      intendedP99Us: summary.intendedLatencyUs?.p99 ?? null,
      intendedIsLastSecond: false,
    };
  }
  const window = measuredOrAll(samples);
  return {
    achievedOpsPerSec: perSecond(window, (s) => s.ops),
    targetOpsPerSec: perSecond(window, (s) => s.scheduledOps),
    behindSchedule: sumOf(window, (s) => s.behindSchedule),
    ops: window.reduce((sum, s) => sum + s.ops, 0),
    intendedP99Us: samples.at(-1)?.intendedLatencyUs?.p99 ?? null,
    intendedIsLastSecond: true,
  };
}

/** Connection figures: the summary's counts when stored, else counts since the start; null when nothing reports them. */
export function connectionFigures(
  samples: readonly RunSample[],
  summary: RunSummary | null,
): ConnectionFigures | null {
  const window = measuredOrAll(samples);
  // Live (no summary): counts since load started, so the warm-up's connections are not missing.
  const figures: ConnectionFigures = {
    connectionsOpened: summary
      ? (summary.connectionsOpened ?? null)
      : sumOf(samples, (s) => s.connectionsOpened),
    reconnects: summary ? (summary.reconnects ?? null) : sumOf(samples, (s) => s.reconnects),
    bytesSentPerSec: perSecond(window, (s) => s.bytesSent),
    bytesReceivedPerSec: perSecond(window, (s) => s.bytesReceived),
  };
  return Object.values(figures).every((v) => v === null) ? null : figures;
}
