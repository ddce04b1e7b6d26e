// Says in one sentence what went wrong in a run that kept going through faults: errors by cause, when answers stopped.
import type { RunSample } from '../../shared/types.ts';

/** Most error causes named in the sentence; the rest are summed as "other". */
const TOP_CODES = 4;

/** Collects every emitted second; `reason()` is the run's endReason when it completed despite faults. */
export class RunDigest {
  private readonly errorsByCode: Record<string, number> = {};
  private errors = 0;
  private firstErrorS: number | null = null;
  /** Last second in which at least one operation succeeded (-1: none yet). */
  private lastAnsweredS = -1;
  /** Seconds with neither a success nor an error: the server answered nothing at all. */
  private readonly silentS: number[] = [];
  private seconds = 0;
  /** Connections that dropped outside the connection policy and were opened again. */
  private reconnects = 0;
  /** Closed model: every second has requests outstanding, so a second without answers is a stall. */
  private readonly closedModel: boolean;

  constructor(closedModel: boolean) {
    this.closedModel = closedModel;
  }

  /** Adds one merged second (in order). */
  add(sample: RunSample): void {
    this.seconds = Math.max(this.seconds, sample.second + 1);
    if (sample.ops > 0) this.lastAnsweredS = sample.second;
    this.reconnects += sample.reconnects ?? 0;
    if (sample.errors > 0) {
      this.errors += sample.errors;
      this.firstErrorS ??= sample.second;
      for (const [code, n] of Object.entries(sample.errorsByCode)) {
        this.errorsByCode[code] = (this.errorsByCode[code] ?? 0) + n;
      }
    }
    if (sample.ops === 0 && sample.errors === 0) this.silentS.push(sample.second);
  }

  /** E.g. "120 errors (ECONNREFUSED 100, connectionClosed 20) from 2 s; no operation succeeded after 2 s"; null for a clean run. */
  reason(): string | null {
    const parts: string[] = [];
    if (this.errors > 0) {
      parts.push(`${this.errors} errors (${this.codeList()}) from ${String(this.firstErrorS)} s`);
    }
    // An open-model run at a low rate has quiet seconds by design: only errors make them news.
    if (this.closedModel || this.errors > 0) {
      if (this.lastAnsweredS < 0 && this.seconds > 0) {
        parts.push('no operation succeeded');
      } else if (this.lastAnsweredS < this.seconds - 1) {
        parts.push(`no operation succeeded after ${this.lastAnsweredS + 1} s`);
      }
    }
    const silent = rangesOf(this.silentS.filter((s) => s <= this.lastAnsweredS));
    if (this.closedModel && silent.length > 0)
      parts.push(`the server answered nothing in ${silent.join(', ')}`);
    if (this.reconnects > 0) {
      parts.push(`the server closed connections: ${this.reconnects} were re-opened`);
    }
    return parts.length === 0 ? null : parts.join('; ');
  }

  private codeList(): string {
    const sorted = Object.entries(this.errorsByCode).sort((a, b) => b[1] - a[1]);
    const named = sorted.slice(0, TOP_CODES).map(([code, n]) => `${code} ${n}`);
    const other = sorted.slice(TOP_CODES).reduce((sum, [, n]) => sum + n, 0);
    if (other > 0) named.push(`other ${other}`);
    return named.join(', ');
  }
}

/** Consecutive seconds as spans of elapsed time, e.g. [2, 3, 7] -> ["2-4 s", "7-8 s"]. */
function rangesOf(seconds: number[]): string[] {
  const spans: string[] = [];
  let start: number | null = null;
  let prev = -2;
  for (const s of [...seconds, Number.NaN]) {
    if (s === prev + 1) {
      prev = s;
      continue;
    }
    if (start !== null) spans.push(`${start}-${prev + 1} s`);
    start = s;
    prev = s;
  }
  return spans;
}
