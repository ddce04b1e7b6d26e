// Errors of the measured phase grouped by LDAP result code or network cause.
import { formatInt, formatShare } from '../../format/numbers.ts';
import { num, TableCard } from '../../components/TableCard.tsx';

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
      <TableCard
        label="Errors by code"
        testId="errors-by-code"
        columns={['Code', num('Count'), num('Share of operations')]}
      >
        {rows.map(([code, count]) => (
          <tr key={code}>
            <td className="mono">{code}</td>
            <td className="num">{formatInt(count)}</td>
            <td className="num">{formatShare(count, totalOps)}</td>
          </tr>
        ))}
      </TableCard>
    </section>
  );
}
