// "Server cross-check": the server's completed operations by kind (a lab's, or a target's whose
// monitor the run's bind could read) beside the client's counts.
import type { RunSample, RunSummary } from '../../../shared/types.ts';
import type { WorkloadSpec } from '../../../shared/workload.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatInt } from '../../format/numbers.ts';
import { serverCrossCheck } from './crossCheck.ts';
import { PanelSection } from './PanelSection.tsx';

/** Gaps up to this share of the client's count are what the window edges explain. */
const AGREE_WITHIN = 0.01;

function signed(n: number): string {
  return n > 0 ? `+${formatInt(n)}` : n < 0 ? `−${formatInt(-n)}` : '0';
}

function percent(gap: number): string {
  if (gap === 0) return '0%';
  return gap < 0.0001 ? '<0.01%' : `${(gap * 100).toFixed(2)}%`;
}

/** Shown when the run's summary has the server's counts (a lab's or a target's readable monitor). */
export function ServerCrossCheck({
  summary,
  samples,
  spec,
}: {
  summary: RunSummary | null;
  samples: readonly RunSample[];
  spec: WorkloadSpec | undefined;
}) {
  const check = serverCrossCheck(summary, samples, spec);
  if (!check) return null;
  const agree = check.gap !== null && check.gap <= AGREE_WITHIN;
  const byKind = check.rows.some((row) => row.client !== null);
  return (
    <PanelSection
      title="Server cross-check"
      aside="the server's own counters (cn=monitor) beside the client's, load start to run end"
      testId="server-cross-check"
    >
      <div className="card cross-check">
        {check.gap !== null && (
          <p
            className={`cross-check-verdict ${agree ? 'cross-check-agree' : 'cross-check-differ'}`}
            data-testid="cross-check-verdict"
            data-agree={agree}
          >
            <Icon name={agree ? 'check' : 'alert'} size={15} />
            {agree
              ? `Server and client agree: ${percent(check.gap)} apart.`
              : `Server and client differ by ${percent(check.gap)}: more than the window edges explain.`}
          </p>
        )}
        <table className="table" aria-label="Operations counted by server and client">
          <thead>
            <tr>
              <th>Operation</th>
              <th className="num">Server</th>
              <th className="num">Client</th>
              <th className="num">Difference</th>
              <th>
                <span className="sr-only">Note</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {check.rows.map((row) => (
              <tr key={row.kind} data-testid="cross-check-row" data-kind={row.kind}>
                <td className="mono">{row.kind}</td>
                <td className="num" data-testid={`cross-check-server-${row.kind}`}>
                  {formatInt(row.server)}
                </td>
                <td className="num" data-testid={`cross-check-client-${row.kind}`}>
                  {row.client === null ? <span className="muted">—</span> : formatInt(row.client)}
                </td>
                <td className="num">
                  {row.client === null ? (
                    <span className="muted">—</span>
                  ) : (
                    <>
                      {signed(row.server - row.client)}
                      {row.client > 0 && (
                        <span className="cross-check-share">
                          {percent(Math.abs(row.server - row.client) / row.client)}
                        </span>
                      )}
                    </>
                  )}
                </td>
                <td className="muted small">{row.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {!byKind && (
          <p className="cross-check-note" data-testid="cross-check-client-total">
            The client completed {formatInt(check.clientTotal)} operations over the same window;
            this workload&apos;s operations cannot be told apart by kind.
          </p>
        )}
        <p className="cross-check-note">
          Both counts include warm-up and cool-down; a few operations that complete after the
          client&apos;s last second are counted by the server only.
        </p>
      </div>
    </PanelSection>
  );
}
