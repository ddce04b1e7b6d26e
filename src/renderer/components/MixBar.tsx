// A workload's operation mix as one proportional bar with a legend of labels and percents.
import { SERIES_COLORS } from '../charts/chartBase.ts';

/** One share of the mix. */
export interface MixShare {
  label: string;
  percent: number;
}

/** The colour of the i-th label, the same in the mix bar, the per-operation table and chart. */
export function mixColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length] as string;
}

/** Percent text: whole numbers plain, otherwise one decimal. */
export function percentText(percent: number): string {
  return Number.isInteger(percent) ? `${percent}%` : `${percent.toFixed(1)}%`;
}

/** Shares from relative weights, rounded to one decimal. */
export function sharesFromWeights(ops: readonly { label: string; weight: number }[]): MixShare[] {
  const total = ops.reduce((sum, o) => sum + o.weight, 0);
  return ops.map((o) => ({
    label: o.label,
    percent: total > 0 ? Math.round((o.weight / total) * 1000) / 10 : 0,
  }));
}

/** The stacked bar (each segment as wide as its share) and the legend below it. */
export function MixBar({ mix, testId }: { mix: readonly MixShare[]; testId?: string }) {
  const label = mix.map((m) => `${m.label} ${percentText(m.percent)}`).join(', ');
  return (
    <div className="mix" data-testid={testId}>
      <div className="mix-bar" role="img" aria-label={`Mix: ${label}`}>
        {mix.map((m, i) => (
          <span
            key={m.label}
            className="mix-segment"
            style={{ flexGrow: Math.max(m.percent, 0.5), background: mixColor(i) }}
            title={`${m.label} ${percentText(m.percent)}`}
          />
        ))}
      </div>
      <ul className="mix-legend">
        {mix.map((m, i) => (
          <li key={m.label} data-label={m.label}>
            <span className="mix-dot" style={{ background: mixColor(i) }} aria-hidden="true" />
            <span className="mono">{m.label}</span>
            <span className="num muted">{percentText(m.percent)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
