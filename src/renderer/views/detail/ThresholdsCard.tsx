// The thresholds a run was checked against: each expression, what the run measured, held or breached.
import type { RunDetail } from '../../../shared/types.ts';
import { Icon } from '../../components/Icon.tsx';
import { TableCard } from '../../components/TableCard.tsx';

/** One row per threshold; a note when the run did not complete and so was not judged. */
export function ThresholdsCard({ run }: { run: RunDetail }) {
  const expressions = run.config.thresholds ?? [];
  if (expressions.length === 0) return null;
  const results = run.thresholdResults ?? null;
  const breached = results?.filter((r) => !r.passed).length ?? 0;
  return (
    <section className="section section-narrow" aria-labelledby="thresholds-title">
      <h2 className="section-title" id="thresholds-title">
        Thresholds
        <span className="section-title-note">
          {results === null
            ? 'not checked: only a completed run is judged'
            : breached === 0
              ? `all ${results.length} held`
              : `${breached} of ${results.length} breached`}
        </span>
      </h2>
      <TableCard
        label="Thresholds"
        testId="thresholds-table"
        columns={['Verdict', 'Threshold', 'Measured']}
      >
        {results === null
          ? expressions.map((expression) => (
              <tr key={expression} data-verdict="unchecked">
                <td className="muted">Not checked</td>
                <td className="mono">{expression}</td>
                <td className="muted">the run {run.status}</td>
              </tr>
            ))
          : results.map((r) => (
              <tr key={r.expression} data-verdict={r.passed ? 'held' : 'breached'}>
                <td>
                  <span className={r.passed ? 'verdict-held' : 'verdict-breached'}>
                    <Icon name={r.passed ? 'check' : 'alert'} size={14} />
                    {r.passed ? 'Held' : 'Breached'}
                  </span>
                </td>
                <td className="mono">{r.expression}</td>
                <td>{r.detail}</td>
              </tr>
            ))}
      </TableCard>
    </section>
  );
}
