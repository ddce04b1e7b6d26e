// Errors of the measured phase grouped by LDAP result code or network cause.
import { formatInt, formatShare } from '../../format/numbers.ts';

/** Table of error counts, largest first, with their share of all operations. */
export function ErrorsByCodeTable({
  errorsByCode,
  totalOps,
}: {
  errorsByCode: Record<string, number>;
  totalOps: number;
}) {
  const rows = Object.entries(errorsByCode).sort((a, b) => b[1] - a[1]);
  return (
    <section className="section section-narrow">
      <h2 className="section-title">Errors by code</h2>
      <div className="card table-card">
        <table className="table" aria-label="Errors by code" data-testid="errors-by-code">
          <thead>
            <tr>
              <th>Code</th>
              <th className="num">Count</th>
              <th className="num">Share of operations</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([code, count]) => (
              <tr key={code}>
                <td className="mono">{code}</td>
                <td className="num">{formatInt(count)}</td>
                <td className="num">{formatShare(count, totalOps)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
